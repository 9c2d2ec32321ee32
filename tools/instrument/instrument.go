// Package instrument rewrites a target's polymorphic call sites so that a
// run records the receiver classes and target methods they see: the
// instrumented bytecode polymorphism_coverage_test runs the tests with
// (research/seed-002-004.md §1: coverage of RC and TM by a test suite).
//
// Each site, an invokevirtual or invokeinterface at a bytecode offset, becomes
// an invokestatic of a bridge method added to its class,
//
//	private static synthetic R fragment$site$N(Owner recv, A1 a1, ...) {
//	    rules_fragment.tracer.Recorder.hit(recv, ID, "caller@bci", "name(desc)");
//	    return recv.name(a1, ...); // the original instruction
//	}
//
// where ID numbers the sites of one instrumented jar from 0, so that the
// Recorder's common case, a site's last receiver class again, is one
// array load.
//
// with the same operands on the stack before and after, so no other
// instruction moves: offsets, exception tables, stack maps, line and local
// tables stay valid, and an invokeinterface's two remaining bytes become
// nops. The bridge is straight-line code and needs no stack map. Its
// receiver parameter has the type the instruction names, as compilers emit
// it (for a protected method of another package's superclass that is the
// calling class or a subclass, which the verifier's protected check then
// accepts). The Recorder (tools/tracer/recorder) writes tools/tracer's trace
// files at exit, so tools/coverage reads either.
//
// Class files are rewritten at the byte level, appending constants and
// methods to the original bytes (deliberately: a class writer would
// re-encode what it need not touch); tools/classfile parses them.
package instrument

import (
	"encoding/binary"
	"fmt"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/classfile"
)

// Recorder is the internal name of the class the bridges call.
const Recorder = "rules_fragment/tracer/Recorder"

const hitDesc = "(Ljava/lang/Object;ILjava/lang/String;Ljava/lang/String;)V"

// Site is a call site to instrument: the caller's name and descriptor, the
// instruction's offset, and the method it calls ("owner.name(desc)").
type Site struct {
	Method, Desc string
	BCI          int32
	Ref          string
}

// Class rewrites the sites of one class file (data, named name in errors),
// numbering them from firstID.
// Sites that are not an invokevirtual or invokeinterface of their Ref
// (the class changed since the analysis) or that cannot be instrumented
// (a signature-polymorphic method, an array receiver) are skipped and
// returned with the reason. data is not modified.
func Class(name string, data []byte, sites []Site, firstID int) (out []byte, done int, skipped []string, err error) {
	cf, err := classfile.Parse(data)
	if err != nil {
		return nil, 0, nil, fmt.Errorf("%s: %v", name, err)
	}
	l, err := layoutOf(data)
	if err != nil {
		return nil, 0, nil, fmt.Errorf("%s: %v", name, err)
	}
	b := &builder{cpCount: l.cpCount, this: cf.Name, iface: cf.IsInterface()}
	out = append([]byte(nil), data...)
	var methods [][]byte
	recorder := b.methodref(classfile.TagMethodref, Recorder, "hit", hitDesc)
	for _, s := range sites {
		code := findCode(cf, s.Method, s.Desc)
		if code == nil {
			skipped = append(skipped, fmt.Sprintf("%s.%s%s@%d: no such method with code", cf.Name, s.Method, s.Desc, s.BCI))
			continue
		}
		op, ref, m, why := siteAt(cf, code, s)
		bridgeDesc := "(L" + m.Class + ";" + strings.TrimPrefix(m.Desc, "(")
		if why == "" && !classfile.ValidMethodDescriptor(bridgeDesc) {
			why = "no bridge descriptor for " + s.Ref
		}
		if why != "" {
			skipped = append(skipped, fmt.Sprintf("%s.%s%s@%d: %s", cf.Name, s.Method, s.Desc, s.BCI, why))
			continue
		}
		bridgeName := fmt.Sprintf("fragment$site$%d", len(methods))
		tag := uint8(classfile.TagMethodref)
		if b.iface {
			tag = classfile.TagInterfaceMethodref
		}
		bridge := b.methodref(tag, cf.Name, bridgeName, bridgeDesc)
		bm, err := b.bridge(bridgeName, bridgeDesc, op, ref, recorder, firstID+done,
			fmt.Sprintf("%s.%s%s@%d", cf.Name, s.Method, s.Desc, s.BCI), m.Name+m.Desc)
		if err != nil {
			return nil, 0, nil, fmt.Errorf("%s: %s: %v", name, s.Ref, err)
		}
		methods = append(methods, bm)
		at := code.BytecodeOffset + int(s.BCI)
		out[at] = opInvokestatic
		binary.BigEndian.PutUint16(out[at+1:], bridge)
		if op == opInvokeinterface {
			out[at+3], out[at+4] = opNop, opNop
		}
		done++
	}
	if done == 0 {
		return data, 0, skipped, nil
	}
	if b.cpCount > 0xffff || l.methodCount+len(methods) > 0xffff {
		// The class stays as it was: its sites are not observed.
		for _, s := range sites {
			skipped = append(skipped, fmt.Sprintf("%s.%s%s@%d: too many constants or methods in the class with %d bridges", cf.Name, s.Method, s.Desc, s.BCI, done))
		}
		return data, 0, skipped, nil
	}
	var w []byte
	w = append(w, out[:8]...)
	w = binary.BigEndian.AppendUint16(w, uint16(b.cpCount))
	w = append(w, out[10:l.cpEnd]...)
	w = append(w, b.pool...)
	w = append(w, out[l.cpEnd:l.methodsCount]...)
	w = binary.BigEndian.AppendUint16(w, uint16(l.methodCount+len(methods)))
	w = append(w, out[l.methodsCount+2:l.methodsEnd]...)
	for _, m := range methods {
		w = append(w, m...)
	}
	w = append(w, out[l.methodsEnd:]...)
	return w, done, skipped, nil
}

// Opcodes the rewriting reads and writes.
const (
	opNop             = 0x00
	opInvokevirtual   = 0xb6
	opInvokestatic    = 0xb8
	opInvokeinterface = 0xb9
	opReturn          = 0xb1
	opLdcW            = 0x13
	opWide            = 0xc4
)

func findCode(cf *classfile.ClassFile, name, desc string) *classfile.Code {
	for i := range cf.Methods {
		if m := &cf.Methods[i]; m.Name == name && m.Desc == desc {
			return m.Code
		}
	}
	return nil
}

// siteAt checks the instruction at s.BCI: its opcode and constant-pool
// reference, or why it cannot be instrumented.
func siteAt(cf *classfile.ClassFile, code *classfile.Code, s Site) (op byte, ref uint16, m classfile.MemberRef, why string) {
	bc := code.Bytecode
	if s.BCI < 0 || int(s.BCI)+3 > len(bc) {
		return 0, 0, m, "offset outside the code"
	}
	op = bc[s.BCI]
	if op != opInvokevirtual && op != opInvokeinterface {
		return 0, 0, m, fmt.Sprintf("opcode %#x, not invokevirtual or invokeinterface", op)
	}
	if op == opInvokeinterface && int(s.BCI)+5 > len(bc) {
		return 0, 0, m, "offset outside the code"
	}
	ref = binary.BigEndian.Uint16(bc[s.BCI+1:])
	m, err := cf.Pool.Member(ref)
	if err != nil {
		return 0, 0, m, err.Error()
	}
	if got := m.Class + "." + m.Name + m.Desc; got != s.Ref {
		return 0, 0, m, fmt.Sprintf("calls %s, not %s", got, s.Ref)
	}
	switch {
	case strings.HasPrefix(m.Class, "["):
		return 0, 0, m, "array receiver"
	case m.Class == "java/lang/invoke/MethodHandle" || m.Class == "java/lang/invoke/VarHandle":
		return 0, 0, m, "signature-polymorphic method"
	}
	return op, ref, m, ""
}
