package cli

import (
	"cmp"
	"errors"
	"os"
	"strconv"

	"github.com/spf13/pflag"
)

// Records is a --records FILE flag with its --force: the file a command
// writes game records (or any output kept) into, created new unless
// --force lets it overwrite one.
type Records struct {
	Name  *string
	Force *bool
}

// AddRecords declares --records and --force on fs with the usage texts
// given.
func AddRecords(fs *pflag.FlagSet, help, forceHelp string) Records {
	return Records{fs.String("records", "", help), fs.Bool("force", false, forceHelp)}
}

// Create creates the file of --records (nil when there is none). An
// existing file is a usage error unless --force, which truncates it.
func (r Records) Create() (*os.File, error) {
	name, force := *r.Name, *r.Force
	if name == "" {
		return nil, nil
	}
	flag := os.O_WRONLY | os.O_CREATE | os.O_EXCL
	if force {
		flag = os.O_WRONLY | os.O_CREATE | os.O_TRUNC
	}
	f, err := os.OpenFile(name, flag, 0o644)
	if errors.Is(err, os.ErrExist) {
		return nil, Usagef("--records %s: the file exists; give another name, or --force to overwrite it", name)
	}
	return f, err
}

// Rule is a flag-combination rule: the flags Names apply only when OK
// holds. Msg is the usage error, "--%s" standing for the first of them
// given on the command line.
type Rule struct {
	OK    bool
	Msg   string
	Names []string
}

// OnlyIf is the Rule that the flags names apply only when ok holds.
func OnlyIf(ok bool, msg string, names ...string) Rule { return Rule{OK: ok, Msg: msg, Names: names} }

// OnlyWith checks the rules in order and reports the first broken one:
// the first of its flags (in the rule's order) that the command line set.
func OnlyWith(fs *pflag.FlagSet, rules ...Rule) error {
	for _, r := range rules {
		for _, n := range r.Names {
			if !r.OK && fs.Changed(n) {
				return Usagef(r.Msg, n)
			}
		}
	}
	return nil
}

// Alias declares old as the deprecated older spelling of the flag name,
// declared before: both set the same value, and pflag warns on standard
// error when old is used ("use --name"). Help and completion leave old
// out.
func Alias(fs *pflag.FlagSet, old, name string) {
	f := fs.Lookup(name)
	fs.AddFlag(&pflag.Flag{Name: old, Usage: "older spelling of --" + name, Value: f.Value, DefValue: f.DefValue, NoOptDefVal: f.NoOptDefVal})
	fs.MarkDeprecated(old, "use --"+name)
}

// Switch is a boolean flag whose older form took a value: --NAME and
// --NAME=true|false set On, while --NAME=VALUE of the older form sets On
// and keeps VALUE in Old for the command to read (and warn about).
type Switch struct {
	On  bool
	Old string
}

// AddSwitch declares the switch name on fs: a bare --name means true.
func AddSwitch(fs *pflag.FlagSet, name, usage string) *Switch {
	s := new(Switch)
	fs.Var(s, name, usage)
	fs.Lookup(name).NoOptDefVal = "true"
	return s
}

func (s *Switch) String() string { return strconv.FormatBool(s.On) }

// Type is "bool", so that help shows the flag as a switch.
func (s *Switch) Type() string { return "bool" }

// Set reads a boolean, or else the older form's value.
func (s *Switch) Set(v string) error {
	if b, err := strconv.ParseBool(v); err == nil {
		s.On = b
		return nil
	}
	s.On, s.Old = true, v
	return nil
}

// Want is a usage error with the formatted message unless ok holds: one
// row of a table of checks (see Check).
func Want(ok bool, format string, a ...any) error {
	if ok {
		return nil
	}
	return Usagef(format, a...)
}

// InRange is a usage error "FLAG VALUE: WORDING" unless lo <= v <= hi:
// one row of a table of range checks (see Check). Flag is the flag as
// the user wrote it ("--games"); wording says what it wants ("want at
// least 1").
func InRange[T cmp.Ordered](flag string, v, lo, hi T, wording string) error {
	if v >= lo && v <= hi {
		return nil
	}
	return Usagef("%s %v: %s", flag, v, wording)
}

// AtLeast is InRange with no upper bound.
func AtLeast[T cmp.Ordered](flag string, v, lo T, wording string) error {
	if v >= lo {
		return nil
	}
	return Usagef("%s %v: %s", flag, v, wording)
}

// Check returns the first error of its rows (nil when all are nil): a
// command's checks of its flags, one row each, reported in order.
func Check(rows ...error) error {
	for _, err := range rows {
		if err != nil {
			return err
		}
	}
	return nil
}
