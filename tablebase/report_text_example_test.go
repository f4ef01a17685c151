package tablebase_test

import (
	"fmt"
	"os"
	"time"

	"github.com/geister-solver/geister/purple"
	"github.com/geister-solver/geister/tablebase"
)

func ExampleWriteClasses() {
	m := tablebase.Manifest{Class: "1B1R-2U1r", Complete: true, Positions: [2]uint64{706860, 706860}, Stored: [2]uint64{358479, 358479},
		Wins: [2]uint64{191992, 98484}, Losses: [2]uint64{514214, 608118}, MaxDTW: 19, MaxDTL: 30, Bytes: 59767, BuildSecs: 0.26}
	// A directory that does not exist has 0 bytes on disk.
	tablebase.WriteClasses(os.Stdout, []tablebase.ClassReport{{Manifest: m, Built: true}}, "/nonexistent", "kept")
	// Output:
	//       class  pieces  positions  stored  wins(P)  wins(O)  losses(P)  losses(O)  max DTW  max DTL  bytes  build  state
	//   1B1R-2U1r       4    1413720  716958   191992    98484     514214     608118       19       30  59767  260ms  built
	// 1413720 positions (716958 stored, mirror images once): 59767 bytes of blocks, 0.042 bytes/position; 0 bytes on disk in all, 0.000 bytes/position
}

func ExampleWriteStatus() {
	sts := []tablebase.ClassStatus{
		{Class: "1B1R-2U1r", Positions: 1413720, State: "complete", Checkpoint: -1},
		{Class: "1B1R-3U1r", Positions: 21205800, State: "stopped", Checkpoint: 12},
	}
	tablebase.WriteStatus(os.Stdout, sts, false)
	tablebase.WriteStatus(os.Stdout, sts[:1], true)
	// Output:
	// class      positions  state     checkpoint
	// 1B1R-2U1r  1413720    complete  -
	// 1B1R-3U1r  21205800   stopped   level 12
	// 1.4M of 22.6M positions complete (6.2%)
	// {"class":"1B1R-2U1r","positions":1413720,"state":"complete","checkpoint_level":-1}
	// {"positions":1413720,"positions_complete":1413720}
}

func ExampleProgress_Line() {
	c, _ := purple.ParseClass("1B1R-2U1r")
	p := tablebase.Progress{Class: c, Phase: "retro", Level: 7, ClassIndex: 2, Classes: 3, Done: 1e6, Total: 4e6, Elapsed: 2 * time.Second}
	fmt.Println(p.Line())
	// Output:
	// [######------------------]  25.0%  1.0M/4.0M positions  500.0k/s  ETA 6s  class 2/3 1B1R-2U1r retro 7
}

func ExampleEstimate_Text() {
	e := tablebase.Estimate{Classes: 3, Positions: 25_000_000, PeakMemoryBytes: 100 << 20, PeakClass: "1B1R-3U1r", DiskBytes: 1}
	fmt.Println(e.Text())
	// Output: 3 classes to build, 25.0M positions; peak memory 100 MiB (building 1B1R-3U1r), disk up to 1 MiB
}

func ExampleWriteSubmitted() {
	jobs := []tablebase.SlurmJob{{Class: "1B1R-2U1r", ID: "101", MemoryMiB: 64, After: []string{"99", "100"}}, {Class: "1B1R-3U1r", ID: "102", MemoryMiB: 512, After: []string{"101"}}}
	tablebase.WriteSubmitted(os.Stdout, jobs)
	// Output:
	// 1B1R-2U1r	job 101	64 MiB	after 99,100
	// 1B1R-3U1r	job 102	512 MiB	after 101
}

func ExampleWriteClassesJSON() {
	m := tablebase.Manifest{Class: "1B1R-2U1r", Complete: true, MaxDTW: 19}
	tablebase.WriteClassesJSON(os.Stdout, []tablebase.ClassReport{{Manifest: m, Built: true}})
	// Output: {"class":"1B1R-2U1r","format":0,"complete":true,"positions":[0,0],"stored":[0,0],"wins":[0,0],"losses":[0,0],"max_dtw":19,"max_dtl":0,"blocks":0,"bytes":0,"build_seconds":0,"built":"0001-01-01T00:00:00Z","built_now":true}
}
