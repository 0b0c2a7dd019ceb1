// Separation ranks this tool has certified (a lower bound on the generic sep, for the drawn weights),
// shipped so that the audit can use them at any size: by zero padding, a value certified at width d_x
// bounds sep at every larger width with the same L, H and N (docs/theory.md, section 13). The rows are data,
// certified_table.tsv, written by `bash bench/certified_table.sh build`; a test recomputes a sample.
#pragma once
#include <vector>

namespace seprank {

struct certified_sep {
  int L, dx, H;
  int N;       // the N it holds at (and at every larger N); 0: every balanced N >= 2 d_x + 2 (the Gram rank of a
               // Gram form verified exactly against the expansion, section 7)
  long sep;    // certified lower bound on sep (the rank for the drawn weights)
  bool exact;  // the rank for the drawn weights is certified exactly (not only bounded below)
};

const std::vector<certified_sep>& certified_table();

}  // namespace seprank
