# cmake -DARCHIVE=libcollide2d_c.a -DOUTPUT=collide2d_c.o -DLINKER=ld -DOBJCOPY=objcopy
#       -DREADELF=readelf -DSTRIP=strip -P pack_static.cmake
#
# A Rust static library carries its own copy of std, and every Rust symbol in it is global: two
# of them in one program (collide2d and another Rust library) clash on rust_eh_personality,
# std's statics and the rest. This links what the c2d_ functions reach into one relocatable
# object, makes every other symbol local, and drops what nothing needs (debug info, the
# compiler's bitcode, symbols no relocation uses), so the archive made of it exports the C API
# alone.
cmake_minimum_required(VERSION 3.16)

function(run)
  execute_process(COMMAND ${ARGN} RESULT_VARIABLE failed OUTPUT_VARIABLE out ERROR_VARIABLE err)
  if(failed)
    string(REGEX REPLACE "\n.*" "" err "${err}")
    list(GET ARGN 0 tool)
    message(FATAL_ERROR "pack_static: ${tool} failed: ${err}")
  endif()
  set(out "${out}" PARENT_SCOPE)
endfunction()

# The names of the global (and weak) symbols a file defines (readelf, as nm would try to read
# the members' LLVM bitcode with its plugin and warn).
function(globals file)
  run("${READELF}" -sW "${file}")
  string(REGEX MATCHALL "[0-9]+ (FUNC|OBJECT|NOTYPE|TLS) +(GLOBAL|WEAK) +[A-Z]+ +[0-9]+ [^\n]+" rows "${out}")
  list(TRANSFORM rows REPLACE ".* " "")
  list(REMOVE_DUPLICATES rows)
  set(out "${rows}" PARENT_SCOPE)
endfunction()

globals("${ARCHIVE}")
list(FILTER out INCLUDE REGEX "^c2d_")
set(api "${out}")
list(LENGTH api count)
if(count EQUAL 0)
  message(FATAL_ERROR "pack_static: no c2d_ function in ${ARCHIVE}")
endif()

# The archive's members that the API reaches (the LTO object and the compiler builtins it calls),
# as a program's link would take them.
list(TRANSFORM api PREPEND "--require-defined=" OUTPUT_VARIABLE roots)
set(linked "${OUTPUT}.linked.o")
run("${LINKER}" -r -o "${linked}" ${roots} "${ARCHIVE}")

# A COMDAT group (std's DW.ref.rust_eh_personality) is shared by name between objects: another
# Rust library's copy would replace ours, and its references would then point at a symbol
# made local here. Ours gets a name of its own.
run("${READELF}" -gW "${linked}")
string(REGEX MATCHALL "\\[[^]\n]+\\] contains" groups "${out}")
list(TRANSFORM groups REPLACE "^\\[(.*)\\] contains$" "--redefine-sym=\\1=collide2d_c.\\1" OUTPUT_VARIABLE renames)

run("${OBJCOPY}" --wildcard "--keep-global-symbol=c2d_*" ${renames} --strip-debug
    --remove-section=.llvmbc --remove-section=.llvmcmd "${linked}" "${OUTPUT}.local.o")
# Separately: in the same pass objcopy would keep the symbols it has just made local.
run("${STRIP}" --strip-unneeded -o "${OUTPUT}" "${OUTPUT}.local.o")
file(REMOVE "${linked}" "${OUTPUT}.local.o")

globals("${OUTPUT}")
set(exported "${out}")
list(SORT exported)
list(SORT api)
if(NOT exported STREQUAL api)
  list(REMOVE_ITEM exported ${api})
  message(FATAL_ERROR "pack_static: ${OUTPUT} exports more than the c2d_ functions: ${exported}")
endif()
message(STATUS "pack_static: ${count} c2d_ functions, nothing else global")
