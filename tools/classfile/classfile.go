package classfile

// Access flags (JVMS §4.1, §4.5, §4.6, §4.7.6, §4.7.25).
const (
	AccPublic       = 0x0001
	AccPrivate      = 0x0002
	AccProtected    = 0x0004
	AccStatic       = 0x0008
	AccFinal        = 0x0010
	AccSuper        = 0x0020 // class
	AccSynchronized = 0x0020 // method
	AccVolatile     = 0x0040 // field
	AccBridge       = 0x0040 // method
	AccTransient    = 0x0080 // field
	AccVarargs      = 0x0080 // method
	AccNative       = 0x0100
	AccInterface    = 0x0200
	AccAbstract     = 0x0400
	AccStrict       = 0x0800
	AccSynthetic    = 0x1000
	AccAnnotation   = 0x2000
	AccEnum         = 0x4000
	AccModule       = 0x8000 // class: module-info
	AccMandated     = 0x8000 // parameters, module requires/exports
)

// Supported class-file major versions.
const (
	MinMajor = 45 // Java 1.1
	MaxMajor = 69 // Java 25
)

// ClassFile is a parsed class file.
type ClassFile struct {
	Minor, Major uint16
	Pool         ConstantPool
	Access       uint16
	Name         string   // internal name of this class
	Super        string   // "" for java/lang/Object and module-info
	Interfaces   []string // internal names
	Fields       []Field
	Methods      []Method

	SourceFile          string
	Signature           string
	InnerClasses        []InnerClass
	EnclosingMethod     *EnclosingMethod
	BootstrapMethods    []BootstrapMethod
	NestHost            string
	NestMembers         []string
	PermittedSubclasses []string
	Record              []RecordComponent // nil unless the class has a Record attribute
	IsRecord            bool
	Module              *Module
	ModulePackages      []string
	ModuleMainClass     string
}

// Field is a field_info.
type Field struct {
	Access        uint16
	Name, Desc    string
	Signature     string
	ConstantValue uint16 // constant-pool index, 0 if absent
}

// Method is a method_info.
type Method struct {
	Access     uint16
	Name, Desc string
	Signature  string
	Exceptions []string // declared thrown classes
	Parameters []MethodParameter
	Code       *Code // nil for abstract and native methods
}

// MethodParameter is one entry of MethodParameters.
type MethodParameter struct {
	Name   string // "" if unnamed
	Access uint16
}

// Code is a Code attribute.
type Code struct {
	MaxStack, MaxLocals uint16
	Bytecode            []byte
	Handlers            []Handler
	Lines               []LineNumber // sorted by PC as in the class file
	// LocalVariableTable holds the raw attribute bodies (a method may have
	// several); decode them with LocalVars, which most analyses never need.
	LocalVariableTable [][]byte
	// StackMapTable holds the raw attribute body (JVMS §4.7.4); decode it
	// with ParseStackMapTable when frame types are wanted.
	StackMapTable []byte
	// offset of the bytecode in the class file, for error messages.
	BytecodeOffset int
}

// Handler is one exception_table entry: [Start, End) → HandlerPC.
type Handler struct {
	Start, End, HandlerPC uint16
	CatchType             string // "" catches everything (finally)
}

// LineNumber maps a bytecode offset to a source line.
type LineNumber struct {
	PC, Line uint16
}

// LocalVar is a LocalVariableTable entry.
type LocalVar struct {
	Start, Length uint16
	Name, Desc    string
	Index         uint16
}

// InnerClass is an InnerClasses entry.
type InnerClass struct {
	Inner, Outer, Name string // Outer and Name may be ""
	Access             uint16
}

// EnclosingMethod is the EnclosingMethod attribute of local and anonymous classes.
type EnclosingMethod struct {
	Class      string
	Name, Desc string // "" if not enclosed by a method
}

// BootstrapMethod is one BootstrapMethods entry.
type BootstrapMethod struct {
	Method MethodHandle
	Args   []uint16 // constant-pool indices of loadable constants
}

// RecordComponent is one Record attribute component.
type RecordComponent struct {
	Name, Desc, Signature string
}

// Module is the Module attribute of module-info.
type Module struct {
	Name     string
	Flags    uint16
	Version  string
	Requires []ModuleRequire
	Exports  []ModuleExport // packages clients may read
	Opens    []ModuleExport // packages open to reflection
	Uses     []string
	Provides []ModuleProvide
}

// ModuleRequire is a requires directive.
type ModuleRequire struct {
	Module  string
	Flags   uint16
	Version string
}

// ModuleExport is an exports or opens directive; To is empty when unqualified.
type ModuleExport struct {
	Package string
	Flags   uint16
	To      []string
}

// ModuleProvide is a provides directive.
type ModuleProvide struct {
	Service string
	With    []string
}

// IsInterface reports whether the class is an interface.
func (c *ClassFile) IsInterface() bool { return c.Access&AccInterface != 0 }
