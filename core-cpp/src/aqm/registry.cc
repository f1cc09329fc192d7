#include "aqm/registry.h"

#include "aqm/droptail/droptail.h"
#include "aqm/red/red_queue.h"
#include "aqm/lred/lred_queue.h"
#include "aqm/aopc/aopc_queue.h"
#include "aqm/msc/msc_queue.h"
#include "aqm/aaqm/aaqm_queue.h"
#include "aqm/ared/ared_queue.h"
#include "aqm/sred/sred_queue.h"
#include "aqm/autored/autored_queue.h"
#include "aqm/blue/blue_queue.h"
#include "aqm/pi/pi_queue.h"
#include "aqm/rem/rem_queue.h"
#include "aqm/avq/avq_queue.h"
#include "aqm/pid/pid_queue.h"
#include "aqm/sfc/sfc_queue.h"
#include "aqm/codel/codel_queue.h"
#include "aqm/pie/pie_queue.h"
#include "aqm/fq_codel/fq_codel_queue.h"
#include "aqm/fq_pie/fq_pie_queue.h"
#include "aqm/cobalt/cobalt_queue.h"
#include "aqm/cake/cake_queue.h"
#include "aqm/dualpi2/dualpi2_queue.h"

namespace aqmlab {

namespace {

// One line per discipline.
constexpr AqmEntry kEntries[] = {
    Register<DropTailQueue>(),
    Register<RedQueue>(),
    Register<LredQueue>(),
    Register<AopcQueue>(),
    Register<MscQueue>(),
    Register<AaqmQueue>(),
    Register<AredQueue>(),
    Register<SredQueue>(),
    Register<AutoRedQueue>(),
    Register<BlueQueue>(),
    Register<PiQueue>(),
    Register<RemQueue>(),
    Register<AvqQueue>(),
    Register<PidQueue>(),
    Register<SfcQueue>(),
    Register<CodelQueue>(),
    Register<PieQueue>(),
    Register<FqCodelQueue>(),
    Register<FqPieQueue>(),
    Register<CobaltQueue>(),
    Register<CakeQueue>(),
    Register<DualPi2Queue>(),
};
}  // namespace

std::span<const AqmEntry> AqmRegistry() { return kEntries; }

std::string AqmNames() {
  std::string out;
  for (const AqmEntry& e : kEntries) {
    if (!out.empty()) out += ", ";
    out += e.describe().name;
  }
  return out;
}

const AqmEntry* FindAqm(std::string_view name) {
  for (const AqmEntry& e : kEntries) {
    if (e.describe().name == name) return &e;
  }
  return nullptr;
}

}  // namespace aqmlab
