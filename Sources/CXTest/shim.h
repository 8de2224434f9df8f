#include <X11/Xlib.h>
#include <X11/extensions/XTest.h>
#include <X11/extensions/record.h>
#include <sys/pidfd.h> /* a child process's exit as a readable descriptor, for ChildProcess */
