module github.com/rules-fragment/rules_fragment

go 1.26.0

require (
	github.com/bazelbuild/bazel-gazelle v0.26.0
	github.com/bazelbuild/buildtools v0.0.0-20220531122519-a43aed7014c8
	github.com/klauspost/compress v1.20.3
	github.com/owenrumney/go-sarif/v3 v3.3.1
	github.com/schollz/progressbar/v3 v3.19.1
	github.com/vmihailenco/msgpack/v5 v5.4.1
	golang.org/x/sys v0.50.0
	golang.org/x/term v0.48.0
	golang.org/x/tools v0.52.0
	google.golang.org/protobuf v1.36.12
)

require (
	github.com/mitchellh/colorstring v0.0.0-20190213212951-d06e56a500db // indirect
	github.com/rivo/uniseg v0.4.7 // indirect
	github.com/vmihailenco/tagparser/v2 v2.0.0 // indirect
	github.com/xeipuuv/gojsonpointer v0.0.0-20180127040702-4e3ac2762d5f // indirect
	github.com/xeipuuv/gojsonreference v0.0.0-20180127040603-bd5ef7bd5415 // indirect
	github.com/xeipuuv/gojsonschema v1.2.0 // indirect
	golang.org/x/tools/go/vcs v0.1.0-deprecated // indirect
)
