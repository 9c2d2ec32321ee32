package pointsto

import (
	"github.com/vmihailenco/msgpack/v5"

	"github.com/rules-fragment/rules_fragment/tools/analysis/warmstart"
)

// The encoding of a Warm (warmstart.Encode): its names, and every integer
// of it in one stream, in the order of ints.

var _ msgpack.CustomEncoder = (*Warm)(nil)
var _ msgpack.CustomDecoder = (*Warm)(nil)

// EncodeMsgpack writes w (warmstart.Encode: names, then one stream of
// integers).
func (w *Warm) EncodeMsgpack(enc *msgpack.Encoder) error {
	return warmstart.Encode(enc, &w.Names, w.ints)
}

// DecodeMsgpack reads w.
func (w *Warm) DecodeMsgpack(dec *msgpack.Decoder) error {
	return warmstart.Decode(dec, &w.Names, w.ints)
}

func (w *Warm) ints(c warmstart.Ints) {
	c.Bool(&w.PerClass)
	c.Slice(&w.ObjClass)
	c.Slice(&w.ObjKeys)
	c.Int(&w.NumNodes)
	c.Slice(&w.Rep)
	n := c.Count(len(w.Sets))
	if len(w.Sets) < n {
		w.Sets = make([][]uint32, n)
	}
	for i := range n {
		c.USlice(&w.Sets[i])
	}
	for _, x := range []*[]int32{&w.NodeSet, &w.EdgeLen, &w.Edges, &w.Access, &w.Recvs, &w.FieldNodes, &w.Statics,
		&w.FieldFilter, &w.Filters, &w.FirstObj} {
		c.Slice(x)
	}
	n = c.Count(len(w.Reached))
	if len(w.Reached) < n {
		w.Reached = make([]warmMethod, n)
	}
	for i := range n {
		m := &w.Reached[i]
		for _, x := range []*int32{&m.M, &m.Ret, &m.Exc, &m.Base, &m.NumVars} {
			c.Int(x)
		}
		c.Bool(&m.Body)
		c.Slice(&m.Params)
		c.Slice(&m.ExcFrom)
	}
	n = c.Count(len(w.Sites))
	if len(w.Sites) < n {
		w.Sites = make([]warmSite, n)
	}
	for i := range n {
		s := &w.Sites[i]
		for _, x := range []*int32{&s.Caller, &s.ID, &s.Line, &s.Ref, &s.Callee, &s.Error, &s.Resolved, &s.Base, &s.Dst, &s.Recv1} {
			c.Int(x)
		}
		kind := int32(s.Kind)
		c.Int(&kind)
		s.Kind = uint8(kind)
		c.Bool(&s.Info)
		c.Bool(&s.Hidden)
		for _, x := range []*[]int32{&s.Targets, &s.Args, &s.RecvMore, &s.Bound} {
			c.Slice(x)
		}
		c.USlice(&s.SelBound)
	}
	for _, x := range []*[]int32{&w.Selections, &w.Inited, &w.Unmodelled, &w.UnmodelledNative} {
		c.Slice(x)
	}
	c.Int(&w.Threads)
	c.Int(&w.References)
	c.Int(&w.Finalizable)
	c.Int64(&w.NumEdges)
	c.Slice(&w.Proxies)
	c.Slice(&w.Handles)
	c.Slice(&w.Services)
	c.Slice(&w.ServiceProviders)
	c.Slice(&w.EnumLiterals)
}
