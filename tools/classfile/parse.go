package classfile

// Parse parses one class file. The returned ClassFile shares memory with
// data, which must not be modified afterwards.
func Parse(data []byte) (*ClassFile, error) {
	r := &reader{data: data}
	if magic := r.u4("magic"); r.err == nil && magic != 0xCAFEBABE {
		r.pos = 0
		r.fail("bad magic %#08x, want 0xcafebabe", magic)
	}
	c := &ClassFile{}
	c.Minor = r.u2("minor_version")
	c.Major = r.u2("major_version")
	if r.err == nil && (c.Major < MinMajor || c.Major > MaxMajor) {
		r.fail("unsupported class-file version %d.%d (supported: %d to %d)", c.Major, c.Minor, MinMajor, MaxMajor)
	}
	if r.err != nil {
		return nil, r.err
	}
	c.Pool = parseConstantPool(r)
	if r.err != nil {
		return nil, r.err
	}
	cp := &c.Pool
	c.Access = r.u2("access_flags")
	c.Name = r.classRef(cp, r.u2("this_class"), false)
	c.Super = r.classRef(cp, r.u2("super_class"), true)
	for _, n := range [2]string{c.Name, c.Super} {
		if r.err == nil && n != "" && !ValidClassName(n) {
			r.fail("invalid class name %q", n)
		}
	}
	n := int(r.u2("interfaces_count"))
	if r.need(2*n, "interfaces") {
		c.Interfaces = make([]string, n)
		for i := range c.Interfaces {
			c.Interfaces[i] = r.classRef(cp, r.u2("interface"), false)
			if r.err == nil && !ValidClassName(c.Interfaces[i]) {
				r.fail("invalid interface name %q", c.Interfaces[i])
			}
		}
	}
	n = int(r.u2("fields_count"))
	if r.need(8*n, "fields") {
		c.Fields = make([]Field, n)
		for i := range c.Fields {
			parseField(r, cp, &c.Fields[i])
		}
	}
	n = int(r.u2("methods_count"))
	if r.need(8*n, "methods") {
		c.Methods = make([]Method, n)
		codes := make([]Code, n) // most methods have code; more are made if needed
		for i := range c.Methods {
			parseMethod(r, cp, &c.Methods[i], &codes)
		}
	}
	parseAttributes(r, cp, func(name string, a *reader) {
		parseClassAttribute(a, cp, c, name)
	})
	if r.err == nil && r.pos != len(data) {
		r.fail("%d trailing bytes after the class file", len(data)-r.pos)
	}
	if r.err != nil {
		return nil, r.err
	}
	return c, nil
}

// classRef resolves a Class constant; index 0 gives "" when allowed.
func (r *reader) classRef(cp *ConstantPool, i uint16, zeroOK bool) string {
	if r.err != nil {
		return ""
	}
	if i == 0 && zeroOK {
		return ""
	}
	s, err := cp.ClassName(i)
	if err != nil {
		r.fail("%v", err)
	}
	return s
}

func (r *reader) utf8Ref(cp *ConstantPool, i uint16, zeroOK bool) string {
	if r.err != nil || (i == 0 && zeroOK) {
		return ""
	}
	s, err := cp.UTF8(i)
	if err != nil {
		r.fail("%v", err)
	}
	return s
}

// parseAttributes reads an attributes table and hands each body to fn.
func parseAttributes(r *reader, cp *ConstantPool, fn func(name string, a *reader)) {
	n := int(r.u2("attributes_count"))
	for i := 0; i < n && r.err == nil; i++ {
		name := r.utf8Ref(cp, r.u2("attribute_name_index"), false)
		length := r.u4("attribute_length")
		if r.err == nil && uint64(length) > uint64(len(r.data)-r.pos) {
			r.fail("attribute %s: length %d exceeds the %d remaining bytes", name, length, len(r.data)-r.pos)
		}
		a := r.sub(int(length), "attribute")
		if r.err != nil {
			return
		}
		fn(name, &a)
		if a.err != nil {
			r.err = a.err
		}
	}
}

func parseField(r *reader, cp *ConstantPool, f *Field) {
	f.Access = r.u2("field access_flags")
	f.Name = r.utf8Ref(cp, r.u2("field name_index"), false)
	f.Desc = r.utf8Ref(cp, r.u2("field descriptor_index"), false)
	if r.err == nil && !ValidFieldDescriptor(f.Desc) {
		r.fail("field %s: invalid descriptor %q", f.Name, f.Desc)
	}
	parseAttributes(r, cp, func(name string, a *reader) {
		switch name {
		case "ConstantValue":
			f.ConstantValue = a.u2("ConstantValue")
			if a.err == nil {
				if _, err := cp.Loadable(f.ConstantValue); err != nil {
					a.fail("field %s: ConstantValue: %v", f.Name, err)
				}
			}
			a.done("ConstantValue")
		case "Signature":
			f.Signature = a.utf8Ref(cp, a.u2("Signature"), false)
			a.done("Signature")
		}
	})
}

// codes hands out Code structs from one slice per class (fewer allocations).
func parseMethod(r *reader, cp *ConstantPool, m *Method, codes *[]Code) {
	m.Access = r.u2("method access_flags")
	m.Name = r.utf8Ref(cp, r.u2("method name_index"), false)
	m.Desc = r.utf8Ref(cp, r.u2("method descriptor_index"), false)
	if r.err == nil && !ValidMethodDescriptor(m.Desc) {
		r.fail("method %s: invalid descriptor %q", m.Name, m.Desc)
	}
	parseAttributes(r, cp, func(name string, a *reader) {
		switch name {
		case "Code":
			if m.Code != nil {
				a.fail("method %s%s: two Code attributes", m.Name, m.Desc)
				return
			}
			if len(*codes) == 0 {
				*codes = make([]Code, 1)
			}
			m.Code = &(*codes)[0]
			*codes = (*codes)[1:]
			parseCode(a, cp, m.Code)
			if a.err != nil {
				if fe, ok := a.err.(*FormatError); ok {
					fe.What = "method " + m.Name + m.Desc + ": " + fe.What
				}
			}
		case "Exceptions":
			n := int(a.u2("number_of_exceptions"))
			if a.need(2*n, "Exceptions") {
				m.Exceptions = make([]string, n)
				for i := range m.Exceptions {
					m.Exceptions[i] = a.classRef(cp, a.u2("exception"), false)
				}
			}
			a.done("Exceptions")
		case "Signature":
			m.Signature = a.utf8Ref(cp, a.u2("Signature"), false)
			a.done("Signature")
		case "MethodParameters":
			n := int(a.u1("parameters_count"))
			if a.need(4*n, "MethodParameters") {
				m.Parameters = make([]MethodParameter, n)
				for i := range m.Parameters {
					m.Parameters[i].Name = a.utf8Ref(cp, a.u2("parameter name"), true)
					m.Parameters[i].Access = a.u2("parameter flags")
				}
			}
			a.done("MethodParameters")
		}
	})
}

func parseCode(a *reader, cp *ConstantPool, c *Code) {
	c.MaxStack = a.u2("max_stack")
	c.MaxLocals = a.u2("max_locals")
	n := a.u4("code_length")
	if a.err == nil && (n == 0 || n > 65535) {
		a.fail("code_length %d out of range 1..65535", n)
	}
	c.BytecodeOffset = a.pos
	c.Bytecode = a.bytes(int(n), "bytecode")
	nh := int(a.u2("exception_table_length"))
	if a.need(8*nh, "exception table") {
		c.Handlers = make([]Handler, nh)
		for i := range c.Handlers {
			h := &c.Handlers[i]
			h.Start = a.u2("start_pc")
			h.End = a.u2("end_pc")
			h.HandlerPC = a.u2("handler_pc")
			h.CatchType = a.classRef(cp, a.u2("catch_type"), true)
			if a.err == nil && (h.Start > h.End || int(h.End) > len(c.Bytecode) || int(h.HandlerPC) >= len(c.Bytecode)) {
				a.fail("exception handler %d: range [%d,%d) → %d outside code of length %d", i, h.Start, h.End, h.HandlerPC, len(c.Bytecode))
			}
		}
	}
	parseAttributes(a, cp, func(name string, b *reader) {
		switch name {
		case "LineNumberTable":
			k := int(b.u2("line_number_table_length"))
			if b.need(4*k, "LineNumberTable") {
				lines := make([]LineNumber, k)
				for i := range lines {
					lines[i] = LineNumber{PC: b.u2("start_pc"), Line: b.u2("line_number")}
				}
				if c.Lines == nil {
					c.Lines = lines
				} else {
					c.Lines = append(c.Lines, lines...) // a method may have several tables
				}
			}
			b.done("LineNumberTable")
		case "LocalVariableTable":
			k := int(b.u2("local_variable_table_length"))
			body := b.bytes(10*k, "LocalVariableTable")
			c.LocalVariableTable = append(c.LocalVariableTable, body)
			b.done("LocalVariableTable")
		case "StackMapTable":
			c.StackMapTable = b.bytes(len(b.data)-b.pos, "StackMapTable")
		}
	})
	a.done("Code")
}
