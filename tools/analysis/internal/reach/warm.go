package reach

import (
	"fmt"
	"slices"

	"github.com/vmihailenco/msgpack/v5"

	"github.com/rules-fragment/rules_fragment/tools/analysis/warmstart"
	"github.com/rules-fragment/rules_fragment/tools/callgraph"
	"github.com/rules-fragment/rules_fragment/tools/hierarchy"
	"github.com/rules-fragment/rules_fragment/tools/link"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

// Warm is the engine at the fixpoint of the JVM's start-up roots
// (package warmstart says why continuing from it is exact): the methods
// reached and classes instantiated, the virtual call keys with their
// targets (and, for RTA, receivers), the call sites and the classes
// initialised. Lists are stored in the order callgraph.Graph.Sort gives,
// so that a link sorts only what the client adds (callgraph's sortFunc).
//
// CHA's keys take every instantiable subtype of their static type, so a
// client class adds receivers and targets to the keys of its supertypes.
// restore computes a key's receivers over the program's hierarchy and
// adds the targets that the classes of other inputs select; it computes
// the targets again in full if the receivers from the warm start's own
// summaries are not as many as stored (KeyRecvCounts).
type Warm struct {
	Receivers Receivers
	Names     warmstart.Names
	Reached   []int32 // methods
	Inst      []int32 // classes
	Keys      []int32 // pairs: static class, resolved method
	Sites     []warmSite
	Inited    []int32 // classes
	// Per key, in Keys order: its targets (methods, each key's sorted by
	// key, one key's after another) and their numbers; for RTA its
	// receivers (classes, sorted by name) and their numbers, for CHA only
	// the numbers of receivers.
	KeyTargets, KeyTargetCounts []int32
	KeyRecv, KeyRecvCounts      []int32
	// Services are the services requested (strings; services.go).
	Services []int32
	// EnumLiterals are the enums named by class literals that wait for
	// getEnumConstantsShared (classes; enums.go).
	EnumLiterals []int32
	// Handles are the method handles made (strings, summary.HandleName;
	// handles.go).
	Handles []int32
}

type warmSite struct {
	Caller, ID, Line int32
	Kind             uint8
	Ref              int32 // string
	Callee           int32 // method, -1 for none
	Error            int32 // string, -1 for none
	Targets          []int32
	Key              int32 // -1 for none
}

// Checkpoint runs the engine from the JVM's start-up roots alone over a
// summary-only program p and returns its state.
func Checkpoint(p *link.Program, recv Receivers) (*Warm, error) {
	if err := warmstart.CheckSource(p); err != nil {
		return nil, err
	}
	e := newEngine(p, recv)
	e.start(nil)
	if err := e.run(); err != nil {
		return nil, err
	}
	// The graph's order, so that a link continuing from w finds its lists
	// sorted but for what the client adds.
	g := &callgraph.Graph{Reachable: slices.Clone(e.order), Instantiated: slices.Clone(e.instList)}
	recs := make(map[*callgraph.Site]siteRec, len(e.sites))
	for _, r := range e.sites {
		g.Sites = append(g.Sites, r.site)
		recs[r.site] = r
	}
	g.Sort()
	nw := warmstart.NewNameWriter(p)
	w := &Warm{Receivers: recv}
	for _, m := range g.Reachable {
		w.Reached = append(w.Reached, nw.Method(m))
	}
	for _, c := range g.Instantiated {
		w.Inst = append(w.Inst, nw.Class(c))
	}
	keyIdx := make(map[*key]int32, len(e.keyList))
	for i, k := range e.keyList {
		keyIdx[k] = int32(i)
		w.Keys = append(w.Keys, nw.Class(k.static), nw.Method(k.resolved))
		ts := slices.Clone(k.targets)
		callgraph.SortMethods(ts)
		w.KeyTargetCounts = append(w.KeyTargetCounts, int32(len(ts)))
		for _, t := range ts {
			w.KeyTargets = append(w.KeyTargets, nw.Method(t))
		}
		w.KeyRecvCounts = append(w.KeyRecvCounts, int32(len(k.recv)))
		if recv == Instantiated {
			rs := slices.Clone(k.recv)
			callgraph.SortClasses(rs)
			for _, c := range rs {
				w.KeyRecv = append(w.KeyRecv, nw.Class(c))
			}
		}
	}
	for _, s := range g.Sites {
		r := recs[s]
		ws := warmSite{Caller: nw.Method(s.Caller), ID: s.ID, Line: s.Line, Kind: uint8(s.Kind), Ref: nw.Str(s.Ref),
			Callee: nw.Method(s.Callee), Error: -1, Key: -1}
		if s.Error != "" {
			ws.Error = nw.Str(s.Error)
		}
		if r.key != nil {
			ws.Key = keyIdx[r.key]
		} else {
			for _, t := range s.Targets {
				ws.Targets = append(ws.Targets, nw.Method(t))
			}
		}
		w.Sites = append(w.Sites, ws)
	}
	for _, c := range e.init.Inited() {
		w.Inited = append(w.Inited, nw.Class(c))
	}
	for _, sv := range e.services {
		w.Services = append(w.Services, nw.Str(sv))
	}
	for _, c := range e.enums.Pending() {
		w.EnumLiterals = append(w.EnumLiterals, nw.Class(c))
	}
	for _, t := range e.handles {
		w.Handles = append(w.Handles, nw.Str(summary.HandleName(t.Kind, t.Class.Name, t.Name)))
	}
	w.Names = *nw.N
	return w, nil
}

// restore puts a fresh engine in state w.
func (e *engine) restore(w *Warm) error {
	if w.Receivers != e.recv {
		return fmt.Errorf("%w: made for receivers %d, not %d", warmstart.ErrMismatch, w.Receivers, e.recv)
	}
	ent, err := w.Names.Resolve(e.p)
	if err != nil {
		return err
	}
	if err := w.check(ent, e.h); err != nil {
		return fmt.Errorf("warm start: %w", err)
	}
	for _, i := range w.Reached {
		m := ent.Methods[i]
		e.reached[m.ID] = true
		e.order = append(e.order, m)
	}
	for _, i := range w.Inst {
		c := ent.Classes[i]
		e.inst[c.ID] = true
		e.instList = append(e.instList, c)
		if c.IsLate() {
			e.late = append(e.late, c)
		}
	}
	// Stored sorted; restoring the keys can reach more.
	e.sorted = [2]int{len(e.order), len(e.instList)}
	for _, i := range w.Inited {
		e.init.MarkInited(ent.Classes[i])
	}
	pending := make([]*hierarchy.Class, len(w.EnumLiterals))
	for i, x := range w.EnumLiterals {
		pending[i] = ent.Classes[x]
	}
	ecs := EnumConstantsSharedOf(e.h)
	e.enums.Restore(ecs != nil && e.reached[ecs.ID], pending)
	keys, err := e.restoreKeys(w, ent)
	if err != nil {
		return fmt.Errorf("warm start: %w", err)
	}
	for _, x := range w.Handles { // what handleOf made them (their keys are restored)
		if t, ok := ResolveHandle(e.h, w.Names.Strings[x]); ok {
			e.noteHandle(t)
		}
	}
	opt := func(i int32) *hierarchy.Method {
		if i < 0 {
			return nil
		}
		return ent.Methods[i]
	}
	// The sites a graph lists (Options.Sites) and their targets come from
	// two slabs: without a scope, CHA restores 632 k sites of the JDK's
	// start-up code at every link. A site's Targets have no spare
	// capacity, so an append copies them out of the slab.
	kept := make([]bool, len(w.Sites))
	nsites, ntargets := 0, 0
	var last *hierarchy.Method
	keep := false
	for i, ws := range w.Sites {
		if m := ent.Methods[ws.Caller]; m != last { // sites are sorted by caller
			last, keep = m, e.keeps(m)
		}
		if kept[i] = keep; keep {
			nsites++
			ntargets += len(ws.Targets)
		}
	}
	e.sites = slices.Grow(e.sites, nsites)
	sites := make([]callgraph.Site, nsites)
	targets := make([]*hierarchy.Method, ntargets)
	for i, ws := range w.Sites {
		if !kept[i] {
			continue
		}
		s := &sites[0]
		sites = sites[1:]
		*s = callgraph.Site{Caller: ent.Methods[ws.Caller], ID: ws.ID, Line: ws.Line, Kind: callgraph.SiteKind(ws.Kind),
			Ref: w.Names.Strings[ws.Ref], Callee: opt(ws.Callee)}
		if ws.Error >= 0 {
			s.Error = w.Names.Strings[ws.Error]
		}
		rec := siteRec{site: s}
		if ws.Key >= 0 {
			rec.key = keys[ws.Key]
		}
		if n := len(ws.Targets); n > 0 {
			s.Targets, targets = targets[:n:n], targets[n:]
			for i, t := range ws.Targets {
				s.Targets[i] = ent.Methods[t]
			}
		}
		e.sites = append(e.sites, rec)
	}
	return nil
}

// check validates w's indices against its entities (of hierarchy h).
func (w *Warm) check(ent *warmstart.Entities, h *hierarchy.Hierarchy) error {
	nc, nm, ns := int32(len(ent.Classes)), int32(len(ent.Methods)), int32(len(w.Names.Strings))
	in := func(x, n int32) bool { return x >= 0 && x < n }
	all := func(xs []int32, n int32) bool {
		for _, x := range xs {
			if !in(x, n) {
				return false
			}
		}
		return true
	}
	if !all(w.Reached, nm) || !all(w.Inst, nc) || !all(w.Inited, nc) || len(w.Keys)%2 != 0 || !all(w.Services, ns) ||
		!all(w.EnumLiterals, nc) || !all(w.Handles, ns) {
		return fmt.Errorf("malformed tables")
	}
	if twice(w.Reached, func(i int32) int32 { return ent.Methods[i].ID }, h.NumMethods()) {
		return fmt.Errorf("method reached twice")
	}
	if twice(w.Inst, func(i int32) int32 { return ent.Classes[i].ID }, h.NumClasses()) {
		return fmt.Errorf("class instantiated twice")
	}
	for i := 0; i < len(w.Keys); i += 2 { // a repeated key is found as they are indexed (restoreKeys)
		if !in(w.Keys[i], nc) || !in(w.Keys[i+1], nm) {
			return fmt.Errorf("malformed key")
		}
	}
	nk := int32(len(w.Keys) / 2)
	recvOK := sum(w.KeyRecvCounts) >= 0 && len(w.KeyRecv) == 0 // CHA: counts only
	if w.Receivers == Instantiated {
		recvOK = sum(w.KeyRecvCounts) == int64(len(w.KeyRecv)) && all(w.KeyRecv, nc)
	}
	if int32(len(w.KeyTargetCounts)) != nk || int32(len(w.KeyRecvCounts)) != nk || !recvOK ||
		sum(w.KeyTargetCounts) != int64(len(w.KeyTargets)) || !all(w.KeyTargets, nm) {
		return fmt.Errorf("malformed key lists")
	}
	for _, s := range w.Sites {
		if !in(s.Caller, nm) || !in(s.Ref, ns) || s.Callee < -1 || s.Callee >= nm || s.Error < -1 || s.Error >= ns ||
			s.Key < -1 || s.Key >= int32(len(w.Keys)/2) || !all(s.Targets, nm) || s.Kind > uint8(callgraph.Dynamic) {
			return fmt.Errorf("malformed site")
		}
	}
	return nil
}

var _ msgpack.CustomEncoder = (*Warm)(nil)
var _ msgpack.CustomDecoder = (*Warm)(nil)

// EncodeMsgpack writes w (warmstart.Encode).
func (w *Warm) EncodeMsgpack(enc *msgpack.Encoder) error {
	return warmstart.Encode(enc, &w.Names, w.ints)
}

// DecodeMsgpack reads w.
func (w *Warm) DecodeMsgpack(dec *msgpack.Decoder) error {
	return warmstart.Decode(dec, &w.Names, w.ints)
}

func (w *Warm) ints(c warmstart.Ints) {
	recv := int32(w.Receivers)
	c.Int(&recv)
	w.Receivers = Receivers(recv)
	for _, x := range []*[]int32{&w.Reached, &w.Inst, &w.Keys, &w.Inited,
		&w.KeyTargets, &w.KeyTargetCounts, &w.KeyRecv, &w.KeyRecvCounts, &w.Services, &w.EnumLiterals, &w.Handles} {
		c.Slice(x)
	}
	n := c.Count(len(w.Sites))
	if len(w.Sites) < n {
		w.Sites = make([]warmSite, n)
	}
	for i := range n {
		s := &w.Sites[i]
		// One call per field: a loop over their addresses allocated a
		// slice per site (632 k in a CHA state).
		c.Int(&s.Caller)
		c.Int(&s.ID)
		c.Int(&s.Line)
		c.Int(&s.Ref)
		c.Int(&s.Callee)
		c.Int(&s.Error)
		c.Int(&s.Key)
		kind := int32(s.Kind)
		c.Int(&kind)
		s.Kind = uint8(kind)
		c.Slice(&s.Targets)
	}
}

// twice reports whether two of xs have the same id, ids being below n.
func twice(xs []int32, id func(int32) int32, n int) bool {
	seen := make([]bool, n)
	for _, x := range xs {
		i := id(x)
		if i < 0 || int(i) >= n || seen[i] {
			return true
		}
		seen[i] = true
	}
	return false
}

// sum adds counts, -1 if one is negative (no list has that many).
func sum(counts []int32) int64 {
	var n int64
	for _, c := range counts {
		if c < 0 {
			return -1
		}
		n += int64(c)
	}
	return n
}
