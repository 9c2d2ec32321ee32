package ir

import "slices"

// layout concatenates the translated blocks in bytecode order, turns branch
// targets from bytecode offsets into statement indices and builds the traps.
func (b *builder) layout() error {
	// Blocks were translated in worklist order; place their statements in
	// bytecode order (a stable bucket sort by block).
	n := 0
	for i := range b.blocks {
		b.blocks[i].start = n
		n += b.blocks[i].count
	}
	b.markCaught()
	stmts := b.scr.stmts.take(n) // small methods share chunks
	// Place the statements and count definitions in one pass: ndefs and
	// defAt feed checkUndefined, splitWebs and compact.
	sp := &b.scr.split
	sp.ndefs = resize(sp.ndefs, len(b.out.Vars))
	sp.defAt = resize(sp.defAt, n)
	sorted := slices.IsSorted(b.owner) // translated in bytecode order already
	next := b.scr.next[:0]
	if !sorted {
		for i := range b.blocks {
			next = append(next, int32(b.blocks[i].start))
		}
	}
	for i, s := range b.all {
		p := i
		if !sorted {
			o := b.owner[i]
			p = int(next[o])
			next[o]++
		}
		if blk := &b.blocks[b.owner[i]]; blk.mixed && s == blk.binding && !blk.caught {
			// No reachable protected code leads to this handler: its
			// binding becomes a jump to the next statement.
			s = b.scr.gotos.put(Goto{Position: *s.Pos(), Target: p + 1})
		}
		stmts[p] = s
		sp.defAt[p] = -1
		if v := s.dst(); v != nil {
			sp.ndefs[v.ID]++
			sp.defAt[p] = v.ID
		}
	}
	b.scr.next = next
	// An empty block's start is the next block's start, which is right:
	// a reached empty block falls through to its successor in pc order.
	at := func(pc int) int {
		blk := &b.blocks[b.blockAt[pc]]
		if blk.mixed {
			return blk.start + 1 // past the handler's @caughtexception
		}
		return blk.start
	}
	for _, s := range b.scr.jumps {
		switch s := s.(type) {
		case *If:
			s.Target = at(s.Target)
		case *Goto:
			s.Target = at(s.Target)
		case *Switch:
			for i, t := range s.Targets {
				s.Targets[i] = at(t)
			}
			s.Default = at(s.Default)
		}
	}
	for _, ra := range b.retAddrs {
		ra.Int = int64(at(int(ra.Int)))
	}
	rets := make([]int, 0, len(b.jsrRets))
	for _, pc := range b.jsrRets {
		rets = append(rets, at(pc))
	}
	for _, s := range b.subRets {
		s.Targets = rets
	}
	if len(stmts) > 0 && fallsThrough(stmts[len(stmts)-1]) {
		return b.fail("execution falls off the end of the code")
	}
	b.out.Stmts = stmts
	b.buildTraps()
	return nil
}

func fallsThrough(s Stmt) bool {
	switch s.(type) {
	case *Goto, *Return, *Throw, *Switch, *SubroutineReturn:
		return false
	}
	return true
}

// buildTraps maps each exception-table entry onto the statement ranges of
// the reached blocks it covers, merging adjacent ranges.
func (b *builder) buildTraps() {
	for _, h := range b.cm.Code.Handlers {
		hb := b.blockAt[h.HandlerPC]
		if h.Start == h.End || hb < 0 || !b.blocks[hb].reached {
			continue
		}
		handler := b.blocks[hb].start
		from, to := -1, -1
		flush := func() {
			if from >= 0 && to > from {
				b.out.Traps = append(b.out.Traps, Trap{From: from, To: to, Handler: handler, Type: h.CatchType})
			}
			from, to = -1, -1
		}
		for i := range b.blocks {
			blk := &b.blocks[i]
			pc := int(b.insts[blk.first].pc)
			if pc < int(h.Start) || pc >= int(h.End) {
				continue
			}
			if !blk.reached {
				continue
			}
			end := len(b.out.Stmts)
			if i+1 < len(b.blocks) {
				end = b.blocks[i+1].start
			}
			if end <= blk.start {
				continue
			}
			if from >= 0 && blk.start != to {
				flush()
			}
			if from < 0 {
				from = blk.start
			}
			to = end
		}
		flush()
	}
}

// markCaught flags the mixed handler blocks that some trap will lead to:
// those with a reached, non-empty block in a protected range (the ranges
// buildTraps makes).
func (b *builder) markCaught() {
	for _, h := range b.cm.Code.Handlers {
		if h.Start == h.End {
			continue
		}
		hb := &b.blocks[b.blockAt[h.HandlerPC]]
		if !hb.mixed || hb.caught || !hb.reached {
			continue
		}
		for i := range b.blocks {
			blk := &b.blocks[i]
			pc := int(b.insts[blk.first].pc)
			if blk.reached && blk.count > 0 && pc >= int(h.Start) && pc < int(h.End) {
				hb.caught = true
				break
			}
		}
	}
}
