package match

import "fmt"

// Line is the progress in one line: the games played and A's score
// (wins-losses-draws) so far.
func (p Progress) Line() string {
	return fmt.Sprintf("match: %d/%d games, A %d-%d-%d, %.0fs", p.Done, p.Games, p.Wins, p.Losses, p.Draws, p.Elapsed.Seconds())
}
