#include "traffic/cc/registry.h"

#include "traffic/cc/bbr/bbr.h"
#include "traffic/cc/cc_binding.h"
#include "traffic/cc/cubic/cubic.h"
#include "traffic/cc/dctcp/dctcp.h"
#include "traffic/cc/newreno/newreno.h"
#include "traffic/cc/prague/prague.h"

namespace aqmlab {

namespace {
template <class C>
constexpr CcEntry Register() {
  CcEntry e{&C::Describe, &MakeController<C>, &CheckControllerParams<C>};
  if constexpr (requires { C::Response(); }) e.response = &C::Response;
  return e;
}

// One line per controller; the first is the default.
constexpr CcEntry kEntries[] = {
    Register<NewReno>(),
    Register<Reno>(),
    Register<Cubic>(),
    Register<Bbr>(),
    Register<Dctcp>(),
    Register<Prague>(),
};
}  // namespace

std::span<const CcEntry> CcRegistry() { return kEntries; }

const CcEntry& DefaultCc() { return kEntries[0]; }

std::string CcNames() {
  std::string out;
  for (const CcEntry& e : kEntries) {
    if (!out.empty()) out += ", ";
    out += e.describe().name;
  }
  return out;
}

const CcEntry* FindCc(std::string_view name) {
  for (const CcEntry& e : kEntries) {
    if (e.describe().name == name) return &e;
  }
  return nullptr;
}

}  // namespace aqmlab
