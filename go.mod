module github.com/rules-fragment/rules_fragment

go 1.26.0

require (
	github.com/klauspost/compress v1.20.3
	github.com/vmihailenco/msgpack/v5 v5.4.1
	golang.org/x/tools v0.52.0
	google.golang.org/protobuf v1.36.12
)

require (
	github.com/stretchr/testify v1.11.1 // indirect
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
)
