# Run by `cmake --install` (CMakeLists.txt sets PROJECT_VERSION and the PC_ paths): writes
# collide2d.pc and collide2d-static.pc with the prefix of this install, and installs them.
foreach(dir LIBDIR INCLUDEDIR)
  if(IS_ABSOLUTE "${PC_${dir}}")
    set(PC_FULL_${dir} "${PC_${dir}}")
  else()
    set(PC_FULL_${dir} "\${prefix}/${PC_${dir}}")
  endif()
endforeach()
set(PC_PREFIX "${CMAKE_INSTALL_PREFIX}")
foreach(pc collide2d collide2d-static)
  configure_file("${PC_SOURCE_DIR}/${pc}.pc.in" "${PC_BINARY_DIR}/${pc}.pc" @ONLY)
  file(INSTALL DESTINATION "${CMAKE_INSTALL_PREFIX}/${PC_LIBDIR}/pkgconfig" TYPE FILE
       FILES "${PC_BINARY_DIR}/${pc}.pc")
endforeach()
