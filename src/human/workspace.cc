// The workspace's engine, and the sink's own workspace for a finder called without one.
#include "human/workspace.h"

#include "engines/auto/auto_engine.h"
#include "human/step_sink.h"
#include "sudokit/engine.h"

namespace sudokit {

Workspace::Workspace() = default;
Workspace::~Workspace() = default;

Engine& Workspace::engine() {
    if (engine_ == nullptr) engine_ = make_auto_engine();
    return *engine_;
}

StepSink::~StepSink() = default;

Workspace& StepSink::workspace() {
    if (workspace_ != nullptr) return *workspace_;
    if (own_ == nullptr) own_ = std::make_unique<Workspace>();
    return *own_;
}

}  // namespace sudokit
