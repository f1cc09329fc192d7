// What the page tells a newcomer about this discipline, beside its parameters
// (net/discipline.h, Explanation): written for the lab from this folder's
// README and the spec (../shared/spec/aqm-algorithms.md).
#include "aqm/aaqm/aaqm_queue.h"

namespace aqmlab {

const Explanation& AaqmQueue::Explain() {
  static const Explanation e{
      "AAQM counts, every short interval, how many packets arrived and how many left. When more "
      "arrive than leave it raises the drop probability so that about the excess is shed; when "
      "fewer arrive it lets the probability fall. The timer rule says how the two counts move "
      "the probability.",
      LawPicture::kLoop,
      "arrivals against departures",
      "",
      "as many arrivals as departures",
      "drop probability P",
      nullptr};
  return e;
}

}  // namespace aqmlab
