#include "run/packet_share.h"

namespace aqmlab {

void SharePacketBudget(Simulation& sim, int shares) {
  if (shares > 1) sim.set_packet_limit(Simulation::kMaxPacketsHeld / shares);
}

std::string WithShareNote(std::string error, const std::string& note) {
  static const std::string kAt = " a process may hold";
  if (const size_t at = error.find(kAt); at != std::string::npos) error.insert(at + kAt.size(), " (" + note + ")");
  return error;
}

}  // namespace aqmlab
