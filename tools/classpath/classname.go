package classpath

import (
	"errors"
	"fmt"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// ClassName returns the internal name of the class defined by the class file
// data (its this_class), e.g. "java/lang/Object" or "module-info". It parses
// the class with package classfile and never panics on malformed input.
func ClassName(data []byte) (string, error) {
	cf, err := classfile.Parse(data)
	if err != nil {
		return "", err
	}
	if !ValidClassName(cf.Name) {
		return "", fmt.Errorf("this_class %q is not a valid class name", cf.Name)
	}
	return cf.Name, nil
}

// moduleName returns the module name declared by a module-info class file
// (its Module attribute, JVMS §4.7.25).
func moduleName(data []byte) (string, error) {
	cf, err := classfile.Parse(data)
	if err != nil {
		return "", err
	}
	if cf.Module == nil {
		return "", errors.New("no Module attribute")
	}
	return cf.Module.Name, nil
}
