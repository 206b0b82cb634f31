// `dlx`: Knuth's Algorithm X with dancing links on the Sudoku exact-cover matrix (N²·N rows,
// one per candidate; 4N² columns: cell, row-digit, col-digit, box-digit). Every shape.
#pragma once

#include "sudokit/engine.h"

namespace sudokit {

EngineInfo dlx_engine_info();

}  // namespace sudokit
