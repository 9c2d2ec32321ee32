package ir

import (
	cf "github.com/rules-fragment/rules_fragment/tools/classfile"
)

// translateAll translates reachable blocks in worklist order, starting at
// the entry with an empty operand stack. Unreachable code is dropped.
func (b *builder) translateAll() error {
	b.blocks[0].reached = true
	b.blocks[0].normalIn = true
	b.blocks[0].entry = []Kind{}
	work := append(b.scr.work[:0], 0)
	defer func() { b.scr.work = work[:0] }()
	for len(work) > 0 {
		bi := work[0]
		work = work[1:]
		if err := b.translateBlock(bi, &work); err != nil {
			return err
		}
	}
	return nil
}

func (b *builder) translateBlock(bi int, work *[]int) error {
	blk := &b.blocks[bi]
	b.cur, b.curIdx = blk, bi
	b.stack = b.stack[:0]
	startPC := int(b.insts[blk.first].pc)
	b.curPC = startPC
	for _, h := range b.cm.Code.Handlers {
		if int(h.Start) <= startPC && startPC < int(h.End) {
			hb := &b.blocks[b.blockAt[h.HandlerPC]]
			switch {
			case hb.mixed:
				// Its stack holds the exception on either entry.
				if !hb.reached {
					hb.reached = true
					hb.entry = refEntry[:]
					*work = append(*work, int(b.blockAt[h.HandlerPC]))
				} else if len(hb.entry) != 1 || hb.entry[0] != KindRef {
					return b.fail("exception handler at pc %d is also entered with operand stack %v", h.HandlerPC, hb.entry)
				}
			case hb.normalIn: // the method entry: its stack cannot hold an exception
				return b.fail("exception handler at pc %d is also entered with an empty operand stack", h.HandlerPC)
			case !hb.reached:
				hb.reached, hb.handler = true, true
				*work = append(*work, int(b.blockAt[h.HandlerPC]))
			}
			b.edges = append(b.edges, edge{from: int32(bi), to: b.blockAt[h.HandlerPC], exc: true})
		}
	}
	li := b.lineIndex(startPC)
	b.pos = Position{PC: int32(startPC), Line: b.lineAt(&li, startPC)}
	switch {
	case blk.handler:
		t := b.temp(TypeThrow)
		b.add(b.scr.identitys.put(Identity{Position: b.pos, Dst: t, Kind: IdentCaught}))
		b.stack = append(b.stack, t)
	case blk.mixed:
		// The trap enters at the binding; normal flow enters after it
		// with the value already in the stack variable (see layout).
		v := b.stackVar(0, KindRef)
		blk.binding = b.scr.identitys.put(Identity{Position: b.pos, Dst: v, Kind: IdentCaught})
		b.add(blk.binding)
		b.stack = append(b.stack, v)
	default:
		for d, k := range blk.entry {
			b.stack = append(b.stack, b.stackVar(d, k))
		}
	}
	for i := blk.first; i < blk.end; i++ {
		in := b.insts[i]
		b.curPC = int(in.pc)
		b.pos = Position{PC: in.pc, Line: b.lineAt(&li, int(in.pc))}
		ended, err := b.translate(int(in.pc), int(in.len), work)
		if err != nil {
			return err
		}
		if ended {
			if i != blk.end-1 {
				return b.fail("internal: block ends early")
			}
			return nil
		}
	}
	// Fall through into the next block.
	last := b.insts[blk.end-1]
	next := int(last.pc + last.len)
	if next >= len(b.code) {
		return b.fail("execution falls off the end of the code")
	}
	b.spillForSuccessors(nil, nil)
	b.gotoIfMixed(next)
	return b.flowTo(next, work)
}

// refEntry is the entry stack of exception handlers.
var refEntry = [1]Kind{KindRef}

// gotoIfMixed makes fall-through into a handler that normal flow also
// enters explicit, so that it skips the handler's @caughtexception binding.
func (b *builder) gotoIfMixed(next int) {
	if b.blocks[b.blockAt[next]].mixed {
		b.jump(b.scr.gotos.put(Goto{Position: b.pos, Target: next}))
	}
}

// flowTo records that control reaches the block at pc with the current
// stack shape, scheduling it if new.
func (b *builder) flowTo(pc int, work *[]int) error {
	ti := b.blockAt[pc]
	tb := &b.blocks[ti]
	b.edges = append(b.edges, edge{from: int32(b.curIdx), to: ti})
	if tb.handler {
		return b.fail("internal: exception handler at pc %d reached by normal control flow", pc)
	}
	tb.normalIn = true
	if !tb.reached {
		tb.reached = true
		if len(b.stack) > 0 {
			start := len(b.scr.kinds)
			for _, v := range b.stack {
				b.scr.kinds = append(b.scr.kinds, v.Type().Kind())
			}
			tb.entry = b.scr.kinds[start:len(b.scr.kinds):len(b.scr.kinds)]
		}
		*work = append(*work, int(ti))
		return nil
	}
	if len(tb.entry) != len(b.stack) {
		return b.fail("operand stack height %d at branch to pc %d, which has height %d", len(b.stack), pc, len(tb.entry))
	}
	for i, v := range b.stack {
		if k := v.Type().Kind(); k != tb.entry[i] {
			return b.fail("operand stack slot %d is %v at branch to pc %d, which expects %v", i, k, pc, tb.entry[i])
		}
	}
	return nil
}

// spillForSuccessors copies the live stack into the canonical stack
// variables that successor blocks read. x and y (may be nil) are operands
// of the block's final instruction; they are returned replaced by copies if
// the stack copies would clobber them.
func (b *builder) spillForSuccessors(x, y Value) (Value, Value) {
	n := len(b.stack)
	if n == 0 {
		return x, y
	}
	clobbered := func(x Value) bool {
		v, ok := x.(*Var)
		if !ok || v.Role != RoleStack || int(v.Slot) >= n {
			return false
		}
		at := b.stack[v.Slot]
		return at != x && at.Type().Kind() == v.T.Kind()
	}
	var saved [][2]*Var // a method's stack rarely holds more than a few
	save := func(x Value) Value {
		if x == nil || !clobbered(x) {
			return x
		}
		v := x.(*Var)
		for _, p := range saved {
			if p[0] == v {
				return p[1]
			}
		}
		t := b.temp(v.hint)
		saved = append(saved, [2]*Var{v, t})
		b.add(b.scr.assigns.put(Assign{Position: b.pos, Dst: t, Src: v}))
		return t
	}
	x, y = save(x), save(y)
	for i := range b.stack {
		b.stack[i] = save(b.stack[i])
	}
	for i, v := range b.stack {
		target := b.stackVar(i, v.Type().Kind())
		if v != Value(target) {
			b.add(b.scr.assigns.put(Assign{Position: b.pos, Dst: target, Src: v}))
		}
	}
	return x, y
}

func (b *builder) emit(s Stmt) {
	*s.Pos() = b.pos
	b.emitIn(b.curIdx, s)
}

// add appends a statement whose literal already carries b.pos.
func (b *builder) add(s Stmt) { b.emitIn(b.curIdx, s) }

// jump adds a branch, remembered so that layout can retarget it.
func (b *builder) jump(s Stmt) {
	b.emitIn(b.curIdx, s)
	b.scr.jumps = append(b.scr.jumps, s)
}

// array adds an element access, remembered for checkArrays.
func (b *builder) array(s Stmt) {
	b.emitIn(b.curIdx, s)
	b.scr.arrays = append(b.scr.arrays, s)
}

func (b *builder) push(v Value) { b.stack = append(b.stack, v) }

// pop removes the top value; an underflow is reported by the caller
// through checkStack before any pop.
func (b *builder) pop() Value {
	v := b.stack[len(b.stack)-1]
	b.stack = b.stack[:len(b.stack)-1]
	return v
}

// need checks that the stack holds at least n values.
func (b *builder) need(n int) error {
	if len(b.stack) < n {
		return b.fail("operand stack underflow (%s needs %d values, has %d)", cf.OpcodeName(b.code[b.curPC]), n, len(b.stack))
	}
	return nil
}

func (b *builder) popKind(k Kind) (Value, error) {
	if err := b.need(1); err != nil {
		return nil, err
	}
	v := b.pop()
	if vk := v.Type().Kind(); vk != k {
		return nil, b.fail("%s expects %v on the stack, found %v", cf.OpcodeName(b.code[b.curPC]), k, vk)
	}
	return v, nil
}

// popN pops values for the given parameter types (last on top).
func (b *builder) popArgs(params []string) ([]Value, error) {
	if err := b.need(len(params)); err != nil {
		return nil, err
	}
	args := b.scr.values.take(len(params))
	for i := len(params) - 1; i >= 0; i-- {
		v := b.pop()
		if v.Type().Kind() != Type(params[i]).Kind() {
			return nil, b.fail("argument %d: expected %v, found %v", i, Type(params[i]).Kind(), v.Type().Kind())
		}
		args[i] = v
	}
	return args, nil
}

// storeLocal assigns v to a local slot, first saving any stack entries that
// still refer to the slot's old value.
func (b *builder) storeLocal(slot int, v Value) error {
	k := v.Type().Kind()
	if slot+k.slots() > len(b.localVars)/numKinds {
		return b.fail("local slot %d out of range (max_locals %d)", slot, len(b.localVars)/numKinds)
	}
	lv := b.localVar(slot, k)
	b.saveLocalRefs(lv)
	// Coalesce "t = expr; l = t" into "l = expr" when t was just defined
	// and is used nowhere else.
	if t, ok := v.(*Var); ok && t.Role == RoleTemp && b.cur.count > 0 {
		last := b.all[len(b.all)-1]
		if defOf(last) == t && !b.onStack(t) && retarget(last, lv) {
			t.Slot = deadSlot // defined and used nowhere now; dropped by compact
			return nil
		}
	}
	b.add(b.scr.assigns.put(Assign{Position: b.pos, Dst: lv, Src: v}))
	return nil
}

func (b *builder) onStack(v *Var) bool {
	for _, x := range b.stack {
		if x == Value(v) {
			return true
		}
	}
	return false
}

func (b *builder) saveLocalRefs(lv *Var) {
	var t *Var
	for i, x := range b.stack {
		if x == Value(lv) {
			if t == nil {
				t = b.temp(lv.hint)
				b.add(b.scr.assigns.put(Assign{Position: b.pos, Dst: t, Src: lv}))
			}
			b.stack[i] = t
		}
	}
}

func (b *builder) loadLocal(slot int, k Kind) error {
	if slot+k.slots() > len(b.localVars)/numKinds {
		return b.fail("local slot %d out of range (max_locals %d)", slot, len(b.localVars)/numKinds)
	}
	b.push(b.localVar(slot, k))
	return nil
}

// result defines a fresh temporary of type t, pushes it and returns it.
func (b *builder) result(t Type) *Var {
	v := b.temp(t)
	b.push(v)
	return v
}
