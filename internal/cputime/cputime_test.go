package cputime

import (
	"runtime"
	"testing"
	"time"
)

var sink uint64

// spin burns a fixed amount of CPU (some tens of milliseconds) on the
// calling thread, however busy the machine.
func spin() {
	x := sink
	for i := 0; i < 50_000_000; i++ {
		x = x*6364136223846793005 + 1442695040888963407
	}
	sink = x
}

// Thread time grows with work on the thread and not with sleep.
func TestThread(t *testing.T) {
	runtime.LockOSThread()
	defer runtime.UnlockOSThread()
	t0, ok := Thread()
	if !ok {
		if runtime.GOOS == "linux" {
			t.Fatal("no thread CPU clock on linux")
		}
		t.Skip("no thread CPU clock on", runtime.GOOS)
	}
	spin()
	t1, _ := Thread()
	time.Sleep(50 * time.Millisecond)
	t2, _ := Thread()
	if t1-t0 < time.Millisecond {
		t.Errorf("work used %v of thread CPU time", t1-t0)
	}
	if t2-t1 > 20*time.Millisecond {
		t.Errorf("50 ms of sleep used %v of thread CPU time", t2-t1)
	}
}

func TestProcess(t *testing.T) {
	if runtime.GOOS == "windows" || runtime.GOOS == "plan9" || runtime.GOOS == "js" {
		t.Skip("no process CPU time on", runtime.GOOS)
	}
	p0 := Process()
	spin()
	if d := Process() - p0; d < time.Millisecond {
		t.Errorf("work used %v of process CPU time", d)
	}
}
