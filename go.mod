module github.com/rules-fragment/rules_fragment

go 1.26.0

require (
	github.com/RoaringBitmap/roaring/v2 v2.30.0
	github.com/klauspost/compress v1.20.3
	github.com/vmihailenco/msgpack/v5 v5.4.1
	golang.org/x/tools v0.52.0
)

require (
	github.com/bits-and-blooms/bitset v1.24.4 // indirect
	github.com/mschoch/smat v0.2.0 // indirect
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
	golang.org/x/sys v0.49.0 // indirect
)
