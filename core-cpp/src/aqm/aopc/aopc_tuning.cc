#include "aqm/aopc/aopc_tuning.h"

#include <cmath>

#include "aqm/aopc/aopc_law.h"

namespace aqmlab::aopc {

double SettlingTime(double zeta, double tau) {
  return (4.0 - std::log(std::sqrt(1.0 - zeta * zeta))) / zeta * tau;
}

AopcSecondOrder AopcModelAt(double l, double req, double capacity_pps, double gamma) {
  AopcSecondOrder m{};
  m.f = aopc::TuningFactor(l);
  m.gamma = gamma;
  m.km = req * capacity_pps / (4 * m.f * m.f);
  m.t1 = req / (2 * m.f);
  m.t2 = req;
  const double loop = gamma * m.km + 1;
  m.zeta = (m.t1 + m.t2) / 2 * std::sqrt(1.0 / (loop * m.t1 * m.t2));
  m.omega_n = std::sqrt(loop / (m.t1 * m.t2));
  m.settling = m.zeta < 1 ? SettlingTime(m.zeta, 1.0 / m.omega_n) : std::nan("");
  return m;
}

AopcSecondOrder AopcModel(double l, double req, double capacity_pps) {
  return AopcModelAt(l, req, capacity_pps, aopc::Gain(l, req, capacity_pps));
}

}  // namespace aqmlab::aopc
