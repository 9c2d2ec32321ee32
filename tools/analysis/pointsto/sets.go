package pointsto

import "github.com/RoaringBitmap/roaring/v2"

// Points-to sets are roaring bitmaps (github.com/RoaringBitmap/roaring):
// object ids are dense, so a set's elements fall into few 2^16-wide
// containers, each an array while small and a bitmap once large. Adding
// a small difference to a large set, and subtracting a large set from a
// small one, then costs the small side only; the linked blocks of
// x/tools' intsets made both linear in the large set, which dominated
// the solver's profile (jflex AND_f: 60% of the time in Difference).

// smallSet is the size below which set operations go element by element.
const smallSet = 64

// addNew adds the elements of src that pass (all if pass is nil) and are
// not in pts to both pts and delta, and reports whether any was new.
func addNew(src, pass, pts, delta *roaring.Bitmap) bool {
	if src.GetCardinality() < smallSet {
		changed := false
		src.Iterate(func(x uint32) bool {
			if (pass == nil || pass.Contains(x)) && pts.CheckedAdd(x) {
				delta.Add(x)
				changed = true
			}
			return true
		})
		return changed
	}
	var nw *roaring.Bitmap
	if pass != nil {
		nw = roaring.And(src, pass)
		nw.AndNot(pts)
	} else {
		nw = roaring.AndNot(src, pts)
	}
	if nw.IsEmpty() {
		return false
	}
	pts.Or(nw)
	delta.Or(nw)
	return true
}

// elements appends the elements of b to buf.
func elements(b *roaring.Bitmap, buf []int32) []int32 {
	b.Iterate(func(x uint32) bool {
		buf = append(buf, int32(x))
		return true
	})
	return buf
}
