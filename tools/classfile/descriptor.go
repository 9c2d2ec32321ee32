package classfile

import (
	"fmt"
	"strings"
)

// fieldDescEnd returns the end of the field descriptor starting at s[i], or -1.
func fieldDescEnd(s string, i int) int {
	dims := 0
	for i < len(s) && s[i] == '[' {
		i++
		dims++
	}
	if dims > 255 || i >= len(s) {
		return -1
	}
	switch s[i] {
	case 'B', 'C', 'D', 'F', 'I', 'J', 'S', 'Z':
		return i + 1
	case 'L':
		// Find the ';' with a vectorised search, then check the name.
		k := strings.IndexByte(s[i+1:], ';')
		if k <= 0 {
			return -1
		}
		if name := s[i+1 : i+1+k]; strings.IndexByte(name, '.') >= 0 || strings.IndexByte(name, '[') >= 0 {
			return -1
		}
		return i + 2 + k
	}
	return -1
}

// ValidFieldDescriptor reports whether s is one field descriptor (JVMS §4.3.2).
func ValidFieldDescriptor(s string) bool {
	return fieldDescEnd(s, 0) == len(s)
}

// ValidMethodDescriptor reports whether s is a method descriptor (JVMS §4.3.3).
func ValidMethodDescriptor(s string) bool {
	if len(s) < 3 || s[0] != '(' {
		return false
	}
	i := 1
	for i < len(s) && s[i] != ')' {
		if i = fieldDescEnd(s, i); i < 0 {
			return false
		}
	}
	if i >= len(s) {
		return false
	}
	ret := s[i+1:]
	return ret == "V" || ValidFieldDescriptor(ret)
}

// ParseMethodDescriptor splits "(IL…;)V" into parameter and return descriptors.
func ParseMethodDescriptor(s string) (params []string, ret string, err error) {
	return AppendMethodDescriptor(nil, s)
}

// AppendMethodDescriptor is ParseMethodDescriptor appending the parameters
// to params, so that callers can reuse a buffer.
func AppendMethodDescriptor(params []string, s string) ([]string, string, error) {
	var ret string
	if len(s) < 3 || s[0] != '(' {
		return nil, "", fmt.Errorf("invalid method descriptor %q", s)
	}
	i := 1
	for i < len(s) && s[i] != ')' {
		j := fieldDescEnd(s, i)
		if j < 0 {
			return nil, "", fmt.Errorf("invalid method descriptor %q", s)
		}
		params = append(params, s[i:j])
		i = j
	}
	if i >= len(s) {
		return nil, "", fmt.Errorf("invalid method descriptor %q", s)
	}
	ret = s[i+1:]
	if ret != "V" && !ValidFieldDescriptor(ret) {
		return nil, "", fmt.Errorf("invalid method descriptor %q", s)
	}
	return params, ret, nil
}

// SlotSize is 2 for long and double descriptors and 1 otherwise (0 for V).
func SlotSize(desc string) int {
	switch desc {
	case "J", "D":
		return 2
	case "V":
		return 0
	}
	return 1
}

// ValidClassName reports whether s is a binary class name in internal form
// (JVMS §4.2.1): non-empty segments separated by '/', without '.', ';' or
// '['. Array descriptors are not class names.
func ValidClassName(s string) bool {
	seg := 0
	for i := 0; i < len(s); i++ {
		switch s[i] {
		case '/':
			if seg == 0 {
				return false
			}
			seg = 0
			continue
		case '.', ';', '[':
			return false
		}
		seg++
	}
	return seg > 0
}
