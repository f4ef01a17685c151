package haf

import (
	"encoding/binary"
	"fmt"
	"math"
	"os"
	"strings"
)

// The .npy layout of every θ file (NPY version 1.0): the magic
// "\x93NUMPY", the version 1.0, a little-endian uint16 header length, an
// ASCII dictionary padded with spaces to end in '\n' so that the data
// start on a 64-byte boundary, then 8128 little-endian float64 values.
const (
	npyMagic = "\x93NUMPY"
	// FileSize is the size of a θ file: a 128-byte preamble and header,
	// then NumPairs float64 values.
	FileSize = 128 + 8*NumPairs
)

// ParseNPY reads θ from the bytes of a .npy file; name (the file's name or
// path) is only used in errors. It checks the magic, the version, the
// header (dtype '<f8', C order, shape (8128,)), the length, and that every
// value is finite.
func ParseNPY(name string, b []byte) (*Weights, error) {
	bad := func(format string, a ...any) error {
		return fmt.Errorf("haf: weight file %s: %s", name, fmt.Sprintf(format, a...))
	}
	if len(b) < 10 {
		return nil, bad("%d bytes, too short for a .npy file (want %d)", len(b), FileSize)
	}
	if string(b[:6]) != npyMagic {
		return nil, bad("not a .npy file (the first bytes are %q, want \"\\x93NUMPY\")", b[:6])
	}
	var hlen int
	switch b[6] {
	case 1:
		hlen = int(binary.LittleEndian.Uint16(b[8:10]))
		b = b[10:]
	case 2, 3:
		if len(b) < 12 {
			return nil, bad("%d bytes, too short for a .npy version %d header", len(b)+10, b[6])
		}
		hlen = int(binary.LittleEndian.Uint32(b[8:12]))
		b = b[12:]
	default:
		return nil, bad(".npy version %d.%d, want 1.0, 2.0 or 3.0", b[6], b[7])
	}
	if hlen > len(b) {
		return nil, bad("the header says it has %d bytes but the file ends after %d", hlen, len(b))
	}
	header, data := string(b[:hlen]), b[hlen:]
	if err := checkHeader(header); err != nil {
		return nil, bad("%v", err)
	}
	if len(data) != 8*NumPairs {
		return nil, bad("%d bytes of data, want %d (8128 float64 values): the file is truncated or has extra bytes", len(data), 8*NumPairs)
	}
	w := &Weights{name: name}
	for k := range w.theta {
		v := math.Float64frombits(binary.LittleEndian.Uint64(data[8*k:]))
		if math.IsNaN(v) || math.IsInf(v, 0) {
			return nil, bad("θ[%d] is %v, not a finite number", k, v)
		}
		w.theta[k] = v
	}
	w.init()
	return w, nil
}

// checkHeader checks the .npy header dictionary: dtype little-endian
// float64, C order, one dimension of 8128.
func checkHeader(h string) error {
	if !strings.HasSuffix(h, "\n") {
		return fmt.Errorf("header %q does not end in a newline", h)
	}
	t := strings.TrimSpace(h)
	if !strings.HasPrefix(t, "{") || !strings.HasSuffix(t, "}") {
		return fmt.Errorf("header %q is not a dictionary", h)
	}
	fields := map[string]string{}
	body := strings.TrimSuffix(strings.TrimPrefix(t, "{"), "}")
	for body = strings.TrimSpace(body); body != ""; body = strings.TrimSpace(body) {
		key, rest, ok := cutQuoted(body)
		if !ok {
			return fmt.Errorf("header %q: cannot read a key at %q", h, body)
		}
		rest = strings.TrimSpace(rest)
		if !strings.HasPrefix(rest, ":") {
			return fmt.Errorf("header %q: no ':' after key %q", h, key)
		}
		rest = strings.TrimSpace(rest[1:])
		var val string
		if strings.HasPrefix(rest, "(") {
			i := strings.IndexByte(rest, ')')
			if i < 0 {
				return fmt.Errorf("header %q: unclosed tuple after key %q", h, key)
			}
			val, rest = rest[:i+1], rest[i+1:]
		} else if v, r, ok := cutQuoted(rest); ok {
			val, rest = "'"+v+"'", r
		} else {
			i := strings.IndexByte(rest, ',')
			if i < 0 {
				i = len(rest)
			}
			val, rest = strings.TrimSpace(rest[:i]), rest[i:]
		}
		if _, dup := fields[key]; dup {
			return fmt.Errorf("header %q: key %q twice", h, key)
		}
		fields[key] = val
		rest = strings.TrimSpace(rest)
		if rest != "" && !strings.HasPrefix(rest, ",") {
			return fmt.Errorf("header %q: want ',' after the value of %q", h, key)
		}
		body = strings.TrimPrefix(rest, ",")
	}
	if len(fields) != 3 {
		return fmt.Errorf("header %q: want exactly the keys descr, fortran_order, shape", h)
	}
	if d, ok := fields["descr"]; !ok || d != "'<f8'" {
		return fmt.Errorf("dtype %s, want '<f8' (little-endian float64)", orMissing(d, ok))
	}
	if f, ok := fields["fortran_order"]; !ok || f != "False" {
		return fmt.Errorf("fortran_order %s, want False", orMissing(f, ok))
	}
	s, ok := fields["shape"]
	if ok {
		s = strings.Join(strings.Fields(s), "")
	}
	if !ok || (s != "(8128,)" && s != "(8128)") {
		return fmt.Errorf("shape %s, want (8128,)", orMissing(s, ok))
	}
	return nil
}

func orMissing(v string, ok bool) string {
	if !ok {
		return "missing"
	}
	return v
}

// cutQuoted reads a leading '...' or "..." string.
func cutQuoted(s string) (val, rest string, ok bool) {
	if s == "" || (s[0] != '\'' && s[0] != '"') {
		return "", s, false
	}
	i := strings.IndexByte(s[1:], s[0])
	if i < 0 {
		return "", s, false
	}
	return s[1 : 1+i], s[2+i:], true
}

// LoadFile reads θ from the .npy file at path.
func LoadFile(path string) (*Weights, error) {
	b, err := os.ReadFile(path)
	if err != nil {
		return nil, fmt.Errorf("haf: weight file %s: %w", path, err)
	}
	return ParseNPY(path, b)
}
