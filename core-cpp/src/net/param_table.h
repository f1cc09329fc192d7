// A parameter table bound to the fields of a Params struct, so the table is
// the single description of the parameters: defaults, ranges, validation and
// live changes all come from it. Queue disciplines (aqm/param_binding.h) and
// congestion controllers (traffic/cc/) both describe themselves this way.
#pragma once

#include <array>
#include <cmath>
#include <cstdint>
#include <memory>
#include <span>
#include <string>
#include <string_view>
#include <type_traits>
#include <utility>
#include <vector>

#include "net/discipline.h"
#include "sim/format.h"
#include "sim/problems.h"
#include "sim/result.h"

namespace aqmlab {

// Parameter values given by a scenario or a URL, by name.
using ParamOverrides = std::vector<std::pair<std::string, double>>;

// Checks one value against its spec (finite, in range, whole for an
// integer, 0 or 1 for a toggle); the message names the parameter.
Status CheckParamValue(const ParamSpec& spec, double value);

// The spec's default, or its fraction of the link's buffer.
double ResolveDefault(const ParamSpec& spec, const LinkContext& link);

// One row of a parameter table: the spec and the field it sets, typed by
// the spec's kind: a real is a double, a toggle a bool, an integer an
// int64_t. Values cross the interface (scenario, events, page) as doubles;
// the binding converts, and a table whose kind and field type disagree does
// not compile (the constructors are evaluated at compile time for kFields).
template <class P>
struct ParamField {
  constexpr ParamField() = default;
  constexpr ParamField(const ParamSpec& s, double P::*m) : spec(s), real(m) {
    if (s.kind != ParamKind::kReal) throw "a double field needs a real parameter";
  }
  constexpr ParamField(const ParamSpec& s, bool P::*m) : spec(s), toggle(m) {
    if (s.kind != ParamKind::kToggle) throw "a bool field needs a toggle parameter";
  }
  constexpr ParamField(const ParamSpec& s, int64_t P::*m) : spec(s), integer(m) {
    if (s.kind != ParamKind::kInteger) throw "an int64_t field needs an integer parameter";
  }
  ParamSpec spec;
  double P::*real = nullptr;
  bool P::*toggle = nullptr;
  int64_t P::*integer = nullptr;
};

// Tables joined in order: a discipline built on another declares the base's
// rows once and adds its own.
template <class P, size_t A, size_t B>
constexpr std::array<ParamField<P>, A + B> JoinFields(const std::array<ParamField<P>, A>& a,
                                                      const std::array<ParamField<P>, B>& b) {
  std::array<ParamField<P>, A + B> out{};
  for (size_t i = 0; i < A; ++i) out[i] = a[i];
  for (size_t i = 0; i < B; ++i) out[A + i] = b[i];
  return out;
}

// A base law's rows for a discipline whose Params derive from the base's
// (FQ-PIE's from PIE's): the same specs, the member pointers converted.
template <class P, class Base, size_t N>
constexpr std::array<ParamField<P>, N> LiftFields(const std::array<ParamField<Base>, N>& base) {
  static_assert(std::is_base_of_v<Base, P>);
  std::array<ParamField<P>, N> out{};
  for (size_t i = 0; i < N; ++i) {
    out[i].spec = base[i].spec;
    if (base[i].real) out[i].real = base[i].real;
    if (base[i].toggle) out[i].toggle = base[i].toggle;
    if (base[i].integer) out[i].integer = base[i].integer;
  }
  return out;
}

template <class P>
std::vector<ParamSpec> SpecsOf(std::span<const ParamField<P>> fields) {
  std::vector<ParamSpec> out;
  out.reserve(fields.size());
  for (const auto& f : fields) out.push_back(f.spec);
  return out;
}

template <class P>
const ParamField<P>* FindField(std::span<const ParamField<P>> fields, std::string_view name) {
  for (const auto& f : fields) {
    if (f.spec.name == name) return &f;
  }
  return nullptr;
}

// A parameterless law (drop-tail) has an empty Params and no fields, so this
// never runs for it; the `if constexpr` keeps GCC from warning about a
// member pointer into an empty struct.
template <class P>
void SetField(P& params, const ParamField<P>& f, double value) {
  if constexpr (!std::is_empty_v<P>) {
    if (f.real) params.*(f.real) = value;
    if (f.toggle) params.*(f.toggle) = value != 0;
    if (f.integer) params.*(f.integer) = static_cast<int64_t>(value);
  }
}

template <class P>
double GetField(const P& params, const ParamField<P>& f) {
  if constexpr (!std::is_empty_v<P>) {
    if (f.toggle) return params.*(f.toggle) ? 1.0 : 0.0;
    if (f.integer) return static_cast<double>(params.*(f.integer));
    return params.*(f.real);
  }
  return std::nan("");
}

// Sets one parameter on a copy, validates the whole set, and only then
// commits it. `validate` checks relations between fields (min_th < max_th).
template <class P>
Status AssignParam(std::span<const ParamField<P>> fields, P& params, std::string_view name,
                   double value, Status (*validate)(const P&)) {
  const ParamField<P>* f = FindField(fields, name);
  if (!f) return {std::string(name) + ": no such parameter"};
  if (Status s = CheckParamValue(f->spec, value); !s.ok()) return s;
  P next = params;
  SetField(next, *f, value);
  if (Status s = validate(next); !s.ok()) return s;
  params = next;
  return {};
}

// Every refused value is a problem of its own (one line each, as
// sim/problems.h says); the relations between fields are checked only when
// every value was taken.
template <class P>
Result<P> BuildParams(std::span<const ParamField<P>> fields, const ParamOverrides& overrides,
                      const LinkContext& link, Status (*validate)(const P&)) {
  P params{};
  for (const auto& f : fields) SetField(params, f, ResolveDefault(f.spec, link));
  Problems problems;
  for (const auto& [name, value] : overrides) {
    const ParamField<P>* f = FindField(fields, name);
    if (!f) {
      problems.Add(name + ": no such parameter");
    } else if (Status s = CheckParamValue(f->spec, value); !s.ok()) {
      problems.Add(s.error);
    } else {
      SetField(params, *f, value);
    }
  }
  if (!problems.empty()) return Error{problems.Message()};
  if (Status s = validate(params); !s.ok()) return Error{s.error};
  return params;
}

template <class P>
double ReadParam(std::span<const ParamField<P>> fields, const P& params, std::string_view name) {
  const ParamField<P>* f = FindField(fields, name);
  return f ? GetField(params, *f) : std::nan("");
}

}  // namespace aqmlab
