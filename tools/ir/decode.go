package ir

import (
	"encoding/binary"

	cf "github.com/rules-fragment/rules_fragment/tools/classfile"
)

func (b *builder) s2(pc int) int { return int(int16(binary.BigEndian.Uint16(b.code[pc:]))) }
func (b *builder) u2(pc int) uint16 {
	return binary.BigEndian.Uint16(b.code[pc:])
}
func (b *builder) s4(pc int) int { return int(int32(binary.BigEndian.Uint32(b.code[pc:]))) }

// decode splits the bytecode into instructions and basic blocks.
func (b *builder) decode() error {
	code := b.code
	b.instAt = resize(b.scr.instAt, len(code))
	branches := b.scr.branches[:0] // instructions that end a block
	for pc := 0; pc < len(code); {
		b.curPC = pc
		n, bad := cf.InstructionLength(code, pc)
		if bad != "" {
			return b.fail("%s (opcode %d)", bad, code[pc])
		}
		b.instAt[pc] = true
		if endsBlock[code[pc]] {
			branches = append(branches, int32(len(b.insts)))
		}
		b.insts = append(b.insts, inst{pc: int32(pc), len: int32(n)})
		pc += n
	}
	b.scr.branches = branches
	b.scr.leader = resize(b.scr.leader, len(code)+1)
	leader := b.scr.leader
	leader[0] = true
	b.scr.isTarget = resize(b.scr.isTarget, len(code))
	mark := func(target int) error {
		if target < 0 || target >= len(code) || !b.instAt[target] {
			return b.fail("branch target %d is not an instruction", target)
		}
		leader[target] = true
		return nil
	}
	for _, bi := range branches {
		in := b.insts[bi]
		pc := int(in.pc)
		b.curPC = pc
		targets, ends := b.branchTargets(pc)
		b.scr.targetBuf = targets[:0]
		for _, t := range targets {
			if err := mark(t); err != nil {
				return err
			}
			b.scr.isTarget[t] = true
		}
		if ends {
			leader[pc+int(in.len)] = true
		}
	}
	for i, h := range b.cm.Code.Handlers {
		b.curPC = -1
		if h.Start == h.End {
			continue
		}
		if !b.instAt[h.Start] || (int(h.End) < len(code) && !b.instAt[h.End]) {
			return b.fail("exception handler %d range [%d,%d) does not start or end at an instruction", i, h.Start, h.End)
		}
		if err := mark(int(h.HandlerPC)); err != nil {
			return err
		}
		leader[h.Start] = true
		leader[h.End] = true
	}
	// Only block starts are ever looked up, so the rest needs no value.
	b.blockAt = resize(b.scr.blockAt, len(code))
	for i, in := range b.insts {
		if leader[in.pc] {
			if len(b.blocks) > 0 {
				b.blocks[len(b.blocks)-1].end = i
			}
			b.blockAt[in.pc] = int32(len(b.blocks))
			b.blocks = append(b.blocks, block{first: i})
		}
	}
	b.blocks[len(b.blocks)-1].end = len(b.insts)
	b.markMixedHandlers()
	return nil
}

// markMixedHandlers flags handler blocks that normal control flow may also
// enter: jump targets, and blocks the previous instruction falls into.
// javac never emits these, other producers may.
func (b *builder) markMixedHandlers() {
	for _, h := range b.cm.Code.Handlers {
		if h.Start == h.End {
			continue
		}
		bi := b.blockAt[h.HandlerPC]
		blk := &b.blocks[bi]
		if blk.mixed {
			continue
		}
		if b.scr.isTarget[h.HandlerPC] {
			blk.mixed = true
			continue
		}
		if bi > 0 {
			prev := b.insts[b.blocks[bi-1].end-1]
			switch op := b.code[prev.pc]; op {
			case cf.Goto, cf.GotoW, cf.Athrow, cf.Tableswitch, cf.Lookupswitch, cf.Ret:
			case cf.Wide:
				if b.code[prev.pc+1] != cf.Ret {
					blk.mixed = true
				}
			default:
				if op < cf.Ireturn || op > cf.Return {
					blk.mixed = true
				}
			}
		}
	}
}

// branchTargets returns the explicit jump targets of the instruction at pc
// and whether it ends a basic block.
func (b *builder) branchTargets(pc int) (targets []int, ends bool) {
	targets = b.scr.targetBuf[:0] // the caller stores the grown buffer back
	op := b.code[pc]
	switch {
	case op >= cf.Ifeq && op <= cf.Jsr, op == cf.Ifnull, op == cf.Ifnonnull:
		return append(targets, pc+b.s2(pc+1)), true
	case op == cf.GotoW, op == cf.JsrW:
		return append(targets, pc+b.s4(pc+1)), true
	case op == cf.Tableswitch:
		p := (pc + 4) &^ 3
		targets = append(targets, pc+b.s4(p))
		lo, hi := b.s4(p+4), b.s4(p+8)
		for i := 0; i <= hi-lo; i++ {
			targets = append(targets, pc+b.s4(p+12+4*i))
		}
		return targets, true
	case op == cf.Lookupswitch:
		p := (pc + 4) &^ 3
		targets = append(targets, pc+b.s4(p))
		n := b.s4(p + 4)
		for i := 0; i < n; i++ {
			targets = append(targets, pc+b.s4(p+12+8*i))
		}
		return targets, true
	case op >= cf.Ireturn && op <= cf.Return, op == cf.Athrow, op == cf.Ret:
		return nil, true
	case op == cf.Wide && b.code[pc+1] == cf.Ret:
		return nil, true
	}
	return nil, false
}

// endsBlock marks the opcodes branchTargets reports as ending a block:
// branches, switches, jsr/ret, returns, athrow and wide (for wide ret).
var endsBlock = func() (t [256]bool) {
	for op := cf.Ifeq; op <= cf.Return; op++ {
		t[op] = true
	}
	for _, op := range []int{cf.Athrow, cf.Ifnull, cf.Ifnonnull, cf.GotoW, cf.JsrW, cf.Wide} {
		t[op] = true
	}
	return t
}()
