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
