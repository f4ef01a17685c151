// The C example in C++: geister.h declares its functions extern "C".
// Build from the module's root:
//
//   go build -buildmode=c-shared -o libgeister.so ./capi
//   c++ -I capi examples/c/example.cpp -L. -lgeister -Wl,-rpath,'$ORIGIN' -o example_cpp
//   ./example_cpp TABLE_DIR
#include <cstdio>
#include <memory>
#include <string>

#include "geister.h"

namespace {

// A string the library returned, freed by geister_free.
struct Freer {
  void operator()(char *s) const { geister_free(s); }
};
using Owned = std::unique_ptr<char, Freer>;

// Tables closes its handle when it goes out of scope.
class Tables {
 public:
  explicit Tables(const std::string &dir) {
    char *error = nullptr;
    if (geister_tables_open(dir.c_str(), &handle_, &error) != GEISTER_OK) {
      message_ = Owned(error).get();
      handle_ = nullptr;
    }
  }
  ~Tables() {
    if (handle_) geister_tables_close(handle_, nullptr);
  }
  Tables(const Tables &) = delete;
  Tables &operator=(const Tables &) = delete;
  geister_tables *get() const { return handle_; }
  const std::string &error() const { return message_; }

 private:
  geister_tables *handle_ = nullptr;
  std::string message_;
};

}  // namespace

int main(int argc, char **argv) {
  std::printf("libgeister %s\n", geister_version());
  if (argc != 2) {
    std::fprintf(stderr, "usage: %s TABLE_DIR\n", argv[0]);
    return 2;
  }
  Tables tables(argv[1]);
  if (!tables.get()) {
    std::fprintf(stderr, "open: %s\n", tables.error().c_str());
    return 1;
  }
  const std::string position = "uu1B2/6/R5/6/6/6 f R1r1";
  geister_probe_result r;
  char *error = nullptr;
  int code = geister_probe(tables.get(), position.c_str(), 0, &r, &error);
  Owned err(error);
  if (code == GEISTER_OK && r.result == GEISTER_WIN) {
    std::printf("probe: %c wins in %d plies with %s\n", r.prover, r.plies, r.move);
  } else {
    std::printf("probe: code %d %s\n", code, err ? err.get() : "");
  }
  geister_solve_options options;
  geister_solve_options_init(&options);
  options.tables = tables.get();
  char *json = nullptr;
  code = geister_solve(position.c_str(), &options, &json, &error);
  Owned answer(json), err2(error);
  std::printf("solve: %s\n", code == GEISTER_OK ? answer.get() : err2.get());
  return code == GEISTER_OK ? 0 : 1;
}
