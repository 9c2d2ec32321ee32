package classfile

func parseClassAttribute(a *reader, cp *ConstantPool, c *ClassFile, name string) {
	switch name {
	case "SourceFile":
		c.SourceFile = a.utf8Ref(cp, a.u2("SourceFile"), false)
	case "Signature":
		c.Signature = a.utf8Ref(cp, a.u2("Signature"), false)
	case "InnerClasses":
		n := int(a.u2("number_of_classes"))
		if a.need(8*n, "InnerClasses") {
			c.InnerClasses = make([]InnerClass, n)
			for i := range c.InnerClasses {
				ic := &c.InnerClasses[i]
				ic.Inner = a.classRef(cp, a.u2("inner_class_info_index"), false)
				ic.Outer = a.classRef(cp, a.u2("outer_class_info_index"), true)
				ic.Name = a.utf8Ref(cp, a.u2("inner_name_index"), true)
				ic.Access = a.u2("inner_class_access_flags")
			}
		}
	case "EnclosingMethod":
		em := &EnclosingMethod{Class: a.classRef(cp, a.u2("class_index"), false)}
		if i := a.u2("method_index"); i != 0 && a.err == nil {
			n, d, err := cp.NameAndType(i)
			if err != nil {
				a.fail("EnclosingMethod: %v", err)
			}
			em.Name, em.Desc = n, d
		}
		c.EnclosingMethod = em
	case "BootstrapMethods":
		n := int(a.u2("num_bootstrap_methods"))
		if !a.need(4*n, "BootstrapMethods") {
			return
		}
		c.BootstrapMethods = make([]BootstrapMethod, n)
		for i := range c.BootstrapMethods {
			bm := &c.BootstrapMethods[i]
			ref := a.u2("bootstrap_method_ref")
			k := int(a.u2("num_bootstrap_arguments"))
			if a.err != nil || !a.need(2*k, "bootstrap arguments") {
				return
			}
			h, err := cp.MethodHandleAt(ref)
			if err != nil {
				a.fail("bootstrap method %d: %v", i, err)
				return
			}
			bm.Method = h
			bm.Args = make([]uint16, k)
			for j := range bm.Args {
				bm.Args[j] = a.u2("bootstrap argument")
				if _, err := cp.Loadable(bm.Args[j]); err != nil {
					a.fail("bootstrap method %d argument %d: %v", i, j, err)
					return
				}
			}
		}
	case "NestHost":
		c.NestHost = a.classRef(cp, a.u2("host_class_index"), false)
	case "NestMembers":
		c.NestMembers = classList(a, cp, "NestMembers")
	case "PermittedSubclasses":
		c.PermittedSubclasses = classList(a, cp, "PermittedSubclasses")
	case "Record":
		c.IsRecord = true
		n := int(a.u2("components_count"))
		if !a.need(6*n, "Record") {
			return
		}
		c.Record = make([]RecordComponent, n)
		for i := range c.Record {
			rc := &c.Record[i]
			rc.Name = a.utf8Ref(cp, a.u2("name_index"), false)
			rc.Desc = a.utf8Ref(cp, a.u2("descriptor_index"), false)
			parseAttributes(a, cp, func(name string, b *reader) {
				if name == "Signature" {
					rc.Signature = b.utf8Ref(cp, b.u2("Signature"), false)
				}
			})
		}
	case "Module":
		c.Module = parseModule(a, cp)
	case "ModulePackages":
		n := int(a.u2("package_count"))
		if a.need(2*n, "ModulePackages") {
			c.ModulePackages = make([]string, n)
			for i := range c.ModulePackages {
				c.ModulePackages[i] = a.packageRef(cp, a.u2("package_index"))
			}
		}
	case "ModuleMainClass":
		c.ModuleMainClass = a.classRef(cp, a.u2("main_class_index"), false)
	default:
		return // unknown or unneeded attributes are skipped
	}
	a.done(name)
}

func classList(a *reader, cp *ConstantPool, what string) []string {
	n := int(a.u2("number_of_classes"))
	if !a.need(2*n, what) {
		return nil
	}
	out := make([]string, n)
	for i := range out {
		out[i] = a.classRef(cp, a.u2("class index"), false)
	}
	return out
}

func (r *reader) namedRef(cp *ConstantPool, i uint16, tag uint8, zeroOK bool) string {
	if r.err != nil || (i == 0 && zeroOK) {
		return ""
	}
	e, err := cp.entry(i, tag)
	if err != nil {
		r.fail("%v", err)
		return ""
	}
	return cp.entries[e.a].s
}

func (r *reader) packageRef(cp *ConstantPool, i uint16) string {
	return r.namedRef(cp, i, TagPackage, false)
}

func parseModule(a *reader, cp *ConstantPool) *Module {
	m := &Module{}
	m.Name = a.namedRef(cp, a.u2("module_name_index"), TagModule, false)
	m.Flags = a.u2("module_flags")
	m.Version = a.utf8Ref(cp, a.u2("module_version_index"), true)
	n := int(a.u2("requires_count"))
	if a.need(6*n, "requires") {
		m.Requires = make([]ModuleRequire, n)
		for i := range m.Requires {
			rq := &m.Requires[i]
			rq.Module = a.namedRef(cp, a.u2("requires_index"), TagModule, false)
			rq.Flags = a.u2("requires_flags")
			rq.Version = a.utf8Ref(cp, a.u2("requires_version_index"), true)
		}
	}
	m.Exports = parseExports(a, cp, "exports")
	m.Opens = parseExports(a, cp, "opens")
	n = int(a.u2("uses_count"))
	if a.need(2*n, "uses") {
		m.Uses = make([]string, n)
		for i := range m.Uses {
			m.Uses[i] = a.classRef(cp, a.u2("uses_index"), false)
		}
	}
	n = int(a.u2("provides_count"))
	if a.need(4*n, "provides") {
		m.Provides = make([]ModuleProvide, n)
		for i := range m.Provides {
			m.Provides[i].Service = a.classRef(cp, a.u2("provides_index"), false)
			m.Provides[i].With = classList(a, cp, "provides_with")
		}
	}
	return m
}

func parseExports(a *reader, cp *ConstantPool, what string) []ModuleExport {
	n := int(a.u2(what + "_count"))
	if !a.need(6*n, what) {
		return nil
	}
	out := make([]ModuleExport, n)
	for i := range out {
		e := &out[i]
		e.Package = a.packageRef(cp, a.u2(what+"_index"))
		e.Flags = a.u2(what + "_flags")
		k := int(a.u2(what + "_to_count"))
		if a.need(2*k, what+"_to") {
			e.To = make([]string, k)
			for j := range e.To {
				e.To[j] = a.namedRef(cp, a.u2(what+"_to_index"), TagModule, false)
			}
		}
	}
	return out
}
