//go:build race

package dfpn

// raceEnabled: built with the race detector (see Searcher.touch).
const raceEnabled = true
