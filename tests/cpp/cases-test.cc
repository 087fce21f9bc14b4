// The shared op cases (tests/cases/*.json, compiled in by CMake as
// cases.inc) against validate.h, the C++ mirror of the API's checks: each
// invalid case with a `check` must give that Check, each valid one `ok` and
// its output's element count. Jest runs the same files against the API
// (tests/js/cases.test.ts), so the two sets of checks cannot drift apart.
#include <doctest/doctest.h>

#define JSON_NOEXCEPTION
#include <nlohmann/json.hpp>

#include <cstdint>
#include <cstdlib>
#include <string>
#include <vector>

#include "tessera/tables.h"
#include "validate.h"

namespace {

using nlohmann::json;
using tessera::validate::Check;
namespace validate = tessera::validate;

struct CaseFile {
  const char* name;
  const char* text;
};

const CaseFile kCaseFiles[] = {
#include "cases.inc"
};

const char* check_name(Check c) {
  switch (c) {
    case Check::ok: return "ok";
    case Check::count_mismatch: return "count_mismatch";
    case Check::negative: return "negative";
    case Check::not_positive: return "not_positive";
    case Check::too_many_axes: return "too_many_axes";
    case Check::out_of_bounds: return "out_of_bounds";
    case Check::too_large: return "too_large";
    case Check::unsafe_extent: return "unsafe_extent";
  }
  return "?";
}

// An integer of a case: a JSON number, or a string for one beyond 2^53.
int64_t integer(const json& v) {
  if (v.is_string()) return std::strtoll(v.get<std::string>().c_str(), nullptr, 10);
  return v.get<int64_t>();
}

std::vector<int64_t> integers(const json& list) {
  std::vector<int64_t> out;
  for (const json& v : list) out.push_back(integer(v));
  return out;
}

unsigned element_bits(const std::string& type) {
  for (const tessera::DataTypeInfo& t : tessera::kDataTypes) {
    if (type == t.name) return t.bits == 0 ? 32 : t.bits;  // strings move as uint32 indices
  }
  FAIL("unknown type " << type);
  return 0;
}

uint64_t product(const json& dims) {
  uint64_t n = 1;
  for (const json& d : dims) n *= integer(d);
  return n;
}

// What validate.h says of one case, and the element count it computed.
struct Verdict {
  Check check;
  uint64_t elements;
};

Verdict tile(const json& c) {
  const json& input = c["input"];
  std::vector<uint32_t> dims;
  for (const json& d : input["dims"]) dims.push_back(static_cast<uint32_t>(integer(d)));
  const std::vector<int64_t> repeats = integers(c["repeats"]);
  std::vector<uint32_t> repeats32(dims.size() + 1);
  Verdict v{Check::ok, 0};
  v.check = validate::tile(element_bits(input["type"]), dims.size(), dims.data(), repeats.size(), repeats.data(),
                           repeats32.data(), &v.elements);
  return v;
}

Verdict constant_of_shape(const json& c) {
  const std::vector<int64_t> shape = integers(c["shape"]);
  const std::string type = c.contains("value") ? c["value"]["type"].get<std::string>() : "float32";
  Verdict v{Check::ok, 0};
  v.check = validate::constant_of_shape(element_bits(type), shape.size(), shape.data(), &v.elements);
  return v;
}

Verdict as_strided(const json& c) {
  const json& input = c["input"];
  const std::vector<int64_t> size = integers(c["size"]), stride = integers(c["stride"]), offset = integers(c["offset"]);
  std::vector<uint32_t> size32(size.size() + 1), stride32(size.size() + 1);
  uint32_t offset32 = 0;
  Verdict v{Check::ok, 0};
  v.check = validate::as_strided(element_bits(input["type"]), product(input["dims"]), size.size(), size.data(),
                                 stride.size(), stride.data(), offset.size(), offset.data(), size32.data(),
                                 stride32.data(), &offset32, &v.elements);
  return v;
}

}  // namespace

TEST_CASE("shared op cases (tests/cases) against validate.h") {
  int compared = 0;
  for (const CaseFile& file : kCaseFiles) {
    const json cases = json::parse(file.text, nullptr, /*allow_exceptions=*/false);
    REQUIRE_MESSAGE(!cases.is_discarded(), file.name << " is not valid JSON");
    const std::string op = cases["op"];
    for (const json& c : cases["cases"]) {
      const bool valid = !c.contains("error");
      if (!valid && !c["error"].contains("check")) continue;  // an error only TypeScript can see
      CAPTURE(file.name);
      CAPTURE(c["name"].get<std::string>());
      const Verdict v = op == "Tile" ? tile(c) : op == "ConstantOfShape" ? constant_of_shape(c) : as_strided(c);
      if (valid) {
        CHECK(std::string(check_name(v.check)) == "ok");
        CHECK(v.elements == product(c["output"]["dims"]));
      } else {
        CHECK(std::string(check_name(v.check)) == c["error"]["check"].get<std::string>());
      }
      ++compared;
    }
  }
  CHECK(compared >= 30);  // every file was read
}
