// Package cputime reads CPU time: the calling thread's, to time moves and
// benchmarks fairly on a machine other processes share, and the whole
// process's, to turn a benchmark's work into a rate per CPU-second.
//
//	runtime.LockOSThread()
//	t0, ok := cputime.Thread()
//	... // work on this thread
//	t1, _ := cputime.Thread()
//	if ok { fmt.Println("used", t1-t0) }
package cputime

// ThreadSeconds is Thread in seconds, for benchmarks that report a rate
// per CPU-second; 0 where Thread is not available.
func ThreadSeconds() float64 {
	d, _ := Thread()
	return d.Seconds()
}
