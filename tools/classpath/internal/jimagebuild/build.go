// Package jimagebuild writes small jimage files for tests and fuzz seeds.
//
// It mirrors what jlink's BasicImageWriter, ImageLocationWriter and
// PerfectHashBuilder (OpenJDK src/jdk.jlink/share/classes/jdk/tools/jlink/
// internal) produce, closely enough for package jimage to read the result
// exactly as it reads a real lib/modules, including compressed resources.
package jimagebuild

import (
	"bytes"
	"compress/zlib"
	"encoding/binary"
	"errors"
	"fmt"
	"strings"

	"github.com/rules-fragment/rules_fragment/tools/internal/mutf8"
)

// Resource is one entry of the image to build.
type Resource struct {
	// Name is the full name, e.g. "/java.base/java/lang/Object.class" or
	// "/packages/java.lang/java.base".
	Name string
	Data []byte
	// Compress is "" for stored content, "zip" for zlib compression, or any
	// other decompressor name, whose header is written around the raw Data
	// (to exercise unsupported decompressors).
	Compress string
}

const hashMultiplier = 0x01000193

type location struct {
	attrs [8]uint64
	name  []byte // modified UTF-8 full name, for hashing
}

// Build returns the bytes of an image holding res, in byte order order.
func Build(order binary.ByteOrder, res []Resource) ([]byte, error) {
	st := newStrings()
	var content bytes.Buffer
	locs := make([]location, len(res))
	for i, r := range res {
		module, parent, base, ext := split(r.Name)
		l := &locs[i]
		l.name = mutf8.Append(nil, r.Name)
		l.attrs[1] = st.add(module)
		l.attrs[2] = st.add(parent)
		l.attrs[3] = st.add(base)
		l.attrs[4] = st.add(ext)
		l.attrs[5] = uint64(content.Len())
		l.attrs[7] = uint64(len(r.Data))
		switch r.Compress {
		case "":
			content.Write(r.Data)
		default:
			body := r.Data
			if r.Compress == "zip" {
				var z bytes.Buffer
				zw := zlib.NewWriter(&z)
				zw.Write(r.Data)
				zw.Close()
				body = z.Bytes()
			}
			var h [29]byte
			order.PutUint32(h[0:], 0xCAFEFAFA)
			order.PutUint64(h[4:], uint64(len(body)))
			order.PutUint64(h[12:], uint64(len(r.Data)))
			order.PutUint32(h[20:], uint32(st.add(r.Compress)))
			order.PutUint32(h[24:], 0xFFFFFFFF)
			h[28] = 1
			content.Write(h[:])
			content.Write(body)
			l.attrs[6] = uint64(len(h) + len(body))
		}
	}

	n := len(locs)
	redirect, order2, err := perfectHash(locs)
	if err != nil {
		return nil, err
	}

	// Locations stream: offset 0 is reserved for the empty location.
	var ls bytes.Buffer
	ls.WriteByte(0)
	offsets := make([]uint32, n)
	for slot, li := range order2 {
		if li < 0 {
			continue
		}
		offsets[slot] = uint32(ls.Len())
		for kind := 1; kind < 8; kind++ {
			v := locs[li].attrs[kind]
			if v == 0 {
				continue
			}
			nb := 1
			for v>>(8*nb) != 0 {
				nb++
			}
			ls.WriteByte(byte(kind<<3 | (nb - 1)))
			for j := nb - 1; j >= 0; j-- {
				ls.WriteByte(byte(v >> (8 * j)))
			}
		}
		ls.WriteByte(0)
	}
	for ls.Len()%2 != 0 {
		ls.WriteByte(0)
	}
	for st.buf.Len()%2 != 0 {
		st.buf.WriteByte(0)
	}

	var out bytes.Buffer
	var w [4]byte
	put := func(v uint32) {
		order.PutUint32(w[:], v)
		out.Write(w[:])
	}
	put(0xCAFEDADA)
	put(1 << 16)
	put(0)
	put(uint32(n))
	put(uint32(n))
	put(uint32(ls.Len()))
	put(uint32(st.buf.Len()))
	for _, r := range redirect {
		put(uint32(r))
	}
	for _, o := range offsets {
		put(o)
	}
	out.Write(ls.Bytes())
	out.Write(st.buf.Bytes())
	out.Write(content.Bytes())
	return out.Bytes(), nil
}

// split divides a full name like ImageLocationWriter.newLocation does.
func split(name string) (module, parent, base, ext string) {
	offset := 0
	if len(name) >= 2 && name[0] == '/' {
		if i := strings.IndexByte(name[1:], '/'); i >= 0 {
			module = name[1 : 1+i]
			offset = i + 2
		}
	}
	if last := strings.LastIndexByte(name, '/'); last > offset {
		parent = name[offset:last]
		offset = last + 1
	}
	if period := strings.LastIndexByte(name, '.'); period > offset {
		return module, parent, name[offset:period], name[period+1:]
	}
	return module, parent, name[offset:], ""
}

type stringTable struct {
	buf bytes.Buffer
	idx map[string]uint64
}

func newStrings() *stringTable {
	st := &stringTable{idx: map[string]uint64{}}
	st.buf.WriteByte(0) // offset 0 is ""
	st.idx[""] = 0
	return st
}

func (st *stringTable) add(s string) uint64 {
	if off, ok := st.idx[s]; ok {
		return off
	}
	off := uint64(st.buf.Len())
	st.buf.Write(mutf8.Append(nil, s))
	st.buf.WriteByte(0)
	st.idx[s] = off
	return off
}

func hash(b []byte, seed int32) int32 {
	h := seed
	for _, c := range b {
		h = h*hashMultiplier ^ int32(c)
	}
	return h
}

// perfectHash assigns every location a slot. It returns the redirect table
// and, per slot, the index of the location stored there (-1 if empty).
func perfectHash(locs []location) ([]int32, []int, error) {
	n := len(locs)
	redirect := make([]int32, n)
	slots := make([]int, n)
	for i := range slots {
		slots[i] = -1
	}
	if n == 0 {
		return redirect, slots, nil
	}
	buckets := make([][]int, n)
	for i, l := range locs {
		b := int(uint32(hash(l.name, hashMultiplier)&0x7FFFFFFF) % uint32(n))
		buckets[b] = append(buckets[b], i)
	}
	// Multi-entry buckets first (largest first), found a seed each.
	order := make([]int, 0, n)
	for size := n; size >= 2; size-- {
		for b := range buckets {
			if len(buckets[b]) == size {
				order = append(order, b)
			}
		}
	}
	for _, b := range order {
		found := false
		for seed := int32(1); seed < 1<<20 && !found; seed++ {
			used := map[int]bool{}
			ok := true
			for _, li := range buckets[b] {
				s := int(uint32(hash(locs[li].name, seed)&0x7FFFFFFF) % uint32(n))
				if slots[s] >= 0 || used[s] {
					ok = false
					break
				}
				used[s] = true
			}
			if !ok {
				continue
			}
			for _, li := range buckets[b] {
				s := int(uint32(hash(locs[li].name, seed)&0x7FFFFFFF) % uint32(n))
				slots[s] = li
			}
			redirect[b] = seed
			found = true
		}
		if !found {
			return nil, nil, errors.New("jimagebuild: no perfect hash seed found")
		}
	}
	free := 0
	for b := range buckets {
		if len(buckets[b]) != 1 {
			continue
		}
		for slots[free] >= 0 {
			free++
		}
		slots[free] = buckets[b][0]
		redirect[b] = int32(-1 - free)
	}
	for i := range locs {
		seen := false
		for _, s := range slots {
			seen = seen || s == i
		}
		if !seen {
			return nil, nil, fmt.Errorf("jimagebuild: location %d has no slot (duplicate name?)", i)
		}
	}
	return redirect, slots, nil
}
