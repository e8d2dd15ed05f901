# check.cmake -- the layers' fences, shown (ctest: layers_fences).
#
# The rule: cli -> selfplay -> notation -> engine, and a layer's library sees only its
# own headers and those of the layers below (CMakeLists.txt, "the layers").  The
# method: for each layer below cli/, CMakeLists.txt makes two probes, a source of that
# layer compiled with that layer's usage requirements and one include put before it:
#   boyi_fence_<layer>_up  includes a header of the layer above: must NOT compile, and
#                          fail because the header is not found (not for another reason);
#   boyi_fence_<layer>_ok  includes a header of its own layer or one below: must compile
#                          (the control: the probe itself is sound).
# Run: cmake -DBIN=<build dir> -DFENCES=layer|header-up|header-ok,... -P check.cmake
if(NOT BIN OR NOT FENCES)
  message(FATAL_ERROR "usage: cmake -DBIN=<build dir> -DFENCES=<layer|up|ok,...> -P check.cmake")
endif()
string(REPLACE "," ";" FENCES "${FENCES}")
set(failures 0)
foreach(f ${FENCES})
  string(REPLACE "|" ";" f "${f}")
  list(GET f 0 layer)
  list(GET f 1 up)
  list(GET f 2 ok)
  execute_process(COMMAND ${CMAKE_COMMAND} --build ${BIN} --target boyi_fence_${layer}_ok
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  if(NOT rc EQUAL 0)
    message(SEND_ERROR "${layer}: a source of ${layer}/ including \"${ok}\" did not compile (the control):\n${out}")
    math(EXPR failures "${failures} + 1")
  else()
    message(STATUS "${layer}: including \"${ok}\" compiles, as it must")
  endif()
  execute_process(COMMAND ${CMAKE_COMMAND} --build ${BIN} --target boyi_fence_${layer}_up
                  RESULT_VARIABLE rc OUTPUT_VARIABLE out ERROR_VARIABLE out)
  string(REPLACE "." "\\." up_re "${up}")
  if(rc EQUAL 0)
    message(SEND_ERROR "${layer}: a source of ${layer}/ including \"${up}\", a header of the layer above, compiled: the fence is down")
    math(EXPR failures "${failures} + 1")
  elseif(NOT out MATCHES "${up_re}[^\n]*(No such file|not found)")
    message(SEND_ERROR "${layer}: including \"${up}\" failed, but not for a header not found:\n${out}")
    math(EXPR failures "${failures} + 1")
  else()
    message(STATUS "${layer}: including \"${up}\" fails to compile (not found), as it must")
  endif()
endforeach()
if(failures GREATER 0)
  message(FATAL_ERROR "${failures} fence(s) of the layers do not hold")
endif()
