# `cmake --install` of the library: the public headers, libsudokit.a and libsudokit.so, a CMake
# package (find_package(sudokit) gives sudokit::sudokit) and a pkg-config file (sudokit.pc).
# Component `dev`, so that `cmake --install BUILD --component dev` installs the library alone.
include(GNUInstallDirs)
include(CMakePackageConfigHelpers)

set(SUDOKIT_CMAKE_DIR ${CMAKE_INSTALL_LIBDIR}/cmake/sudokit)
set(SUDOKIT_INSTALLED_LIBRARIES sudokit)
if(SUDOKIT_SHARED)
  list(APPEND SUDOKIT_INSTALLED_LIBRARIES sudokit_shared)
endif()

install(DIRECTORY include/sudokit DESTINATION ${CMAKE_INSTALL_INCLUDEDIR} COMPONENT dev)
install(TARGETS ${SUDOKIT_INSTALLED_LIBRARIES} EXPORT sudokitTargets
        ARCHIVE DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
        LIBRARY DESTINATION ${CMAKE_INSTALL_LIBDIR} COMPONENT dev
        INCLUDES DESTINATION ${CMAKE_INSTALL_INCLUDEDIR})
install(EXPORT sudokitTargets NAMESPACE sudokit:: DESTINATION ${SUDOKIT_CMAKE_DIR} COMPONENT dev)

configure_package_config_file(cmake/sudokitConfig.cmake.in
  ${CMAKE_CURRENT_BINARY_DIR}/sudokitConfig.cmake INSTALL_DESTINATION ${SUDOKIT_CMAKE_DIR})
write_basic_package_version_file(${CMAKE_CURRENT_BINARY_DIR}/sudokitConfigVersion.cmake
  COMPATIBILITY SameMinorVersion)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/sudokitConfig.cmake
              ${CMAKE_CURRENT_BINARY_DIR}/sudokitConfigVersion.cmake
        DESTINATION ${SUDOKIT_CMAKE_DIR} COMPONENT dev)

# pkg-config: `pkg-config --cflags --libs sudokit` links the shared library; `--static` adds
# what the static one needs (fmt, oneTBB, threads). The prefix is found from the file's own place
# (${pcfiledir}), so the package works wherever `cmake --install --prefix` puts it.
file(RELATIVE_PATH SUDOKIT_PC_TO_PREFIX "/prefix/${CMAKE_INSTALL_LIBDIR}/pkgconfig" "/prefix")
string(REGEX REPLACE "/$" "" SUDOKIT_PC_TO_PREFIX "${SUDOKIT_PC_TO_PREFIX}")
if(IS_ABSOLUTE "${CMAKE_INSTALL_LIBDIR}")
  set(SUDOKIT_PC_LIBDIR "${CMAKE_INSTALL_LIBDIR}")
else()
  set(SUDOKIT_PC_LIBDIR "\${prefix}/${CMAKE_INSTALL_LIBDIR}")
endif()
if(IS_ABSOLUTE "${CMAKE_INSTALL_INCLUDEDIR}")
  set(SUDOKIT_PC_INCLUDEDIR "${CMAKE_INSTALL_INCLUDEDIR}")
else()
  set(SUDOKIT_PC_INCLUDEDIR "\${prefix}/${CMAKE_INSTALL_INCLUDEDIR}")
endif()
configure_file(cmake/sudokit.pc.in ${CMAKE_CURRENT_BINARY_DIR}/sudokit.pc @ONLY)
install(FILES ${CMAKE_CURRENT_BINARY_DIR}/sudokit.pc
        DESTINATION ${CMAKE_INSTALL_LIBDIR}/pkgconfig COMPONENT dev)
