// Package words writes counts with their nouns in the right number for
// human output: "1 piece", "2 pieces", "1 entry", "3 entries".
package words

import (
	"strconv"
	"strings"
)

// Integer is any integer type a count may have.
type Integer interface {
	~int | ~int8 | ~int16 | ~int32 | ~int64 | ~uint | ~uint8 | ~uint16 | ~uint32 | ~uint64
}

// Count returns n and noun, plural unless n is 1 (or -1).
func Count[T Integer](n T, noun string) string {
	var s string
	if n < 0 {
		s = strconv.FormatInt(int64(n), 10)
	} else {
		s = strconv.FormatUint(uint64(n), 10)
	}
	if s == "1" || s == "-1" {
		return s + " " + noun
	}
	return s + " " + Plural(noun)
}

// Plural returns the plural of an English noun of the regular kinds this
// project prints (piece, entry, loss, ply, match).
func Plural(noun string) string {
	switch {
	case noun == "":
		return noun
	case strings.HasSuffix(noun, "y") && len(noun) > 1 && !strings.ContainsRune("aeiou", rune(noun[len(noun)-2])):
		return noun[:len(noun)-1] + "ies"
	case strings.HasSuffix(noun, "s"), strings.HasSuffix(noun, "x"), strings.HasSuffix(noun, "ch"), strings.HasSuffix(noun, "sh"):
		return noun + "es"
	}
	return noun + "s"
}
