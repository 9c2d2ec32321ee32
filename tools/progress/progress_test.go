package progress

import (
	"bytes"
	"fmt"
	"os"
	"strings"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// TestNotATerminal: a buffer or a file gets no bar, and a nil bar's methods
// do nothing.
func TestNotATerminal(t *testing.T) {
	f, err := os.Create(t.TempDir() + "/log")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	var buf bytes.Buffer
	for _, w := range []interface{ Write([]byte) (int, error) }{&buf, f} {
		if IsTerminal(w) {
			t.Errorf("%T is a terminal", w)
		}
		b := New(w, 10, "x")
		if b != nil {
			t.Errorf("%T got a bar", w)
		}
		b.Add(3)
		b.Describe("y")
		b.Done()
	}
	if buf.Len() != 0 {
		t.Errorf("wrote %q", buf.String())
	}
}

// TestTerminal: on a pseudo-terminal the bar shows its description and
// count.
func TestTerminal(t *testing.T) {
	master, slave, err := openPTY()
	if err != nil {
		t.Skipf("SKIP: no pseudo-terminal: %v", err)
	}
	defer master.Close()
	defer slave.Close()
	if !IsTerminal(slave) {
		t.Fatal("the pseudo-terminal is not a terminal")
	}
	b := New(slave, 4, "summarizing")
	b.Add(3)
	time.Sleep(150 * time.Millisecond) // past the throttle
	b.Add(1)
	b.Done()
	got := make([]byte, 4096)
	if err := master.SetReadDeadline(time.Now().Add(2 * time.Second)); err != nil {
		t.Fatal(err)
	}
	n, _ := master.Read(got)
	if s := string(got[:n]); !strings.Contains(s, "summarizing") || !strings.Contains(s, "/4") {
		t.Errorf("terminal got %q", s)
	}
}

// openPTY opens a pseudo-terminal pair (Linux).
func openPTY() (master, slave *os.File, err error) {
	fd, err := unix.Open("/dev/ptmx", unix.O_RDWR|unix.O_NOCTTY|unix.O_CLOEXEC|unix.O_NONBLOCK, 0)
	if err != nil {
		return nil, nil, err
	}
	master = os.NewFile(uintptr(fd), "/dev/ptmx")
	if err := unix.IoctlSetPointerInt(fd, unix.TIOCSPTLCK, 0); err != nil {
		master.Close()
		return nil, nil, err
	}
	n, err := unix.IoctlGetInt(fd, unix.TIOCGPTN)
	if err != nil {
		master.Close()
		return nil, nil, err
	}
	slave, err = os.OpenFile(fmt.Sprintf("/dev/pts/%d", n), os.O_RDWR|unix.O_NOCTTY, 0)
	if err != nil {
		master.Close()
		return nil, nil, err
	}
	return master, slave, nil
}
