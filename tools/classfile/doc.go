// Package classfile parses JVM class files (versions 45 through 69, Java 1.1
// to 25) as specified by The Java Virtual Machine Specification, Java SE 25
// Edition, chapter 4 ("The class File Format").
//
// It decodes the full constant pool (including Dynamic, MethodHandle,
// MethodType, Module and Package entries), fields, methods and the
// attributes the analyses need: Code with its exception table,
// LineNumberTable, LocalVariableTable, StackMapTable, Exceptions, Signature,
// InnerClasses, EnclosingMethod, BootstrapMethods, NestHost/NestMembers,
// PermittedSubclasses, Record, Module, MethodParameters, SourceFile and
// ConstantValue. Other attributes are skipped.
//
// Parsing never panics: malformed input yields a *FormatError giving the
// byte offset and what is wrong; callers add the container and entry names.
// Every constant-pool reference made by the class structure itself is
// validated during Parse, so accessors used on parsed data cannot fail;
// references taken from bytecode are validated by the accessors.
//
// Names are kept in the JVM's internal form ("java/lang/Object"). ASCII
// strings share memory with the input bytes, which must not be modified
// afterwards; this makes parsing nearly allocation-free (see BenchmarkParse).
//
// This package is hand-written rather than taken from a library: the Go
// class-file parsers surveyed (anchors.md §5.1) stop at the constant pool,
// skip StackMapTable or BootstrapMethods, or are coupled to an interpreter.
package classfile
