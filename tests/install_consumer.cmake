# CTest's install.consumer: installs the library of this build into a fresh prefix
# (`cmake --install --component dev`), then builds examples/consumer against it three ways
# (find_package with the shared library, with the static one, and pkg-config), runs each on the
# same puzzles and compares the output with examples/consumer/expected.txt.
# Run as: cmake -DBUILD_DIR=... -DSOURCE_DIR=... -DWORK_DIR=... -DGENERATOR=... -P this file.
foreach(var BUILD_DIR SOURCE_DIR WORK_DIR GENERATOR)
  if(NOT DEFINED ${var})
    message(FATAL_ERROR "install_consumer.cmake needs -D${var}=...")
  endif()
endforeach()

# Runs a command that must exit with `expected_code` (0 unless set) and keeps its output.
function(run)
  if(NOT DEFINED expected_code)
    set(expected_code 0)
  endif()
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE code OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(NOT code EQUAL expected_code)
    string(REPLACE ";" " " line "${ARGN}")
    message(FATAL_ERROR "failed (${code}): ${line}\n${out}\n${err}")
  endif()
  set(run_output "${out}" PARENT_SCOPE)
endfunction()

# One puzzle with one solution, one whose givens conflict (the program then exits 1), one with
# several solutions.
set(puzzles
  "4.....8.5.3..........7......2.....6.....8.4......1.......6.3.7.5..2.....1.4......"
  "11..............................................................................."
  "..............................................................................123")
file(READ "${SOURCE_DIR}/examples/consumer/expected.txt" expected)

file(REMOVE_RECURSE "${WORK_DIR}")
set(prefix "${WORK_DIR}/prefix")
run(${CMAKE_COMMAND} --install "${BUILD_DIR}" --component dev --prefix "${prefix}")

function(check_output how)
  if(NOT run_output STREQUAL expected)
    message(FATAL_ERROR "${how}: the consumer printed\n${run_output}\ninstead of\n${expected}")
  endif()
  message(STATUS "${how}: output as expected")
endfunction()

foreach(kind shared static)
  set(build "${WORK_DIR}/build-${kind}")
  set(static_flag OFF)
  if(kind STREQUAL "static")
    set(static_flag ON)
  endif()
  run(${CMAKE_COMMAND} -S "${SOURCE_DIR}/examples/consumer" -B "${build}" -G "${GENERATOR}"
      -DCMAKE_PREFIX_PATH=${prefix} -DSUDOKIT_USE_STATIC=${static_flag} -DCMAKE_BUILD_TYPE=Release)
  run(${CMAKE_COMMAND} --build "${build}")
  set(expected_code 1)
  run("${build}/sudokit_consumer" ${puzzles})
  unset(expected_code)
  check_output("find_package, ${kind} library")
endforeach()

# pkg-config, as a Makefile or a plain compiler line would use it.
file(GLOB_RECURSE pc_file "${prefix}/*/sudokit.pc")
get_filename_component(pc_dir "${pc_file}" DIRECTORY)
get_filename_component(lib_dir "${pc_dir}" DIRECTORY)
set(ENV{PKG_CONFIG_PATH} "${pc_dir}")
run(pkg-config --cflags --libs sudokit)
string(STRIP "${run_output}" flags)
separate_arguments(flags UNIX_COMMAND "${flags}")
set(program "${WORK_DIR}/consumer-pkg-config")
run(c++ "${SOURCE_DIR}/examples/consumer/main.cc" -o "${program}" ${flags} "-Wl,-rpath,${lib_dir}")
set(expected_code 1)
run("${program}" ${puzzles})
check_output("pkg-config, shared library")
