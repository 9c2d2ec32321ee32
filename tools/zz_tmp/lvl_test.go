package zz

import (
	"fmt"
	"io"
	"os"
	"testing"
	"time"

	"github.com/klauspost/compress/zstd"
	"github.com/rules-fragment/rules_fragment/tools/summary"
)

func TestLevels(t *testing.T) {
	f, _ := os.Open("/tmp/jdk.rfsum")
	rd, err := summary.NewReader("x", f)
	if err != nil {
		t.Fatal(err)
	}
	raw, _ := io.ReadAll(rd.Dec.Buffered())
	_ = raw
	f.Seek(0, 0)
	rd, _ = summary.NewReader("x", f)
	var all []byte
	buf := make([]byte, 1<<20)
	for {
		n, err := rd.Dec.Buffered().Read(buf)
		all = append(all, buf[:n]...)
		if err != nil {
			break
		}
	}
	fmt.Println("raw", len(all))
	for _, l := range []zstd.EncoderLevel{zstd.SpeedDefault, zstd.SpeedBetterCompression, zstd.SpeedBestCompression} {
		zw, _ := zstd.NewWriter(nil, zstd.WithEncoderConcurrency(1), zstd.WithEncoderLevel(l))
		t0 := time.Now()
		out := zw.EncodeAll(all, nil)
		fmt.Println(l, len(out), time.Since(t0))
	}
}
