/* Runs one program for the startup benchmark and reports, on stdout, "SECONDS KIB": the time
 * from just before starting it to the event below, and its peak resident memory (wait4).
 * Being a small C program, it does not inflate the peak the way a fork from Python would (the
 * kernel counts a child's memory before exec into its peak).
 *
 *     launch PROGRAM [ARGS...]             time until the program exits (it must exit by
 *                                           itself once its first frame is on the server)
 *     launch -f DISPLAY PROGRAM [ARGS...]  time until the program's first CopyArea reaches the
 *                                           X server at DISPLAY, watched through RECORD; then
 *                                           the program is stopped (for programs, like dmenu,
 *                                           that cannot be told to exit)
 *
 * The program's stdin is passed on; its stdout goes to /dev/null. */
#include <X11/Xlib.h>
#include <X11/Xproto.h>
#include <X11/extensions/record.h>
#include <fcntl.h>
#include <signal.h>
#include <stdio.h>
#include <stdlib.h>
#include <string.h>
#include <sys/resource.h>
#include <sys/wait.h>
#include <time.h>
#include <unistd.h>

static double now(void) {
    struct timespec t;
    clock_gettime(CLOCK_MONOTONIC, &t);
    return t.tv_sec + t.tv_nsec / 1e9;
}

static int recording, copy_seen;

static void intercept(XPointer closure, XRecordInterceptData *data) {
    (void)closure;
    if (data->category == XRecordStartOfData) recording = 1;
    if (data->category == XRecordFromClient && data->data_len > 0 && data->data[0] == X_CopyArea) copy_seen = 1;
    XRecordFreeData(data);
}

/* Waits up to 0.1 s for data on the display's connection. */
static void wait_for(Display *display) {
    fd_set readable;
    FD_ZERO(&readable);
    FD_SET(ConnectionNumber(display), &readable);
    struct timeval timeout = {0, 100000};
    select(ConnectionNumber(display) + 1, &readable, NULL, NULL, &timeout);
}

static pid_t start(char **argv) {
    pid_t child = fork();
    if (child == 0) {
        int null = open("/dev/null", O_WRONLY);
        if (null >= 0) dup2(null, STDOUT_FILENO);
        execvp(argv[0], argv);
        fprintf(stderr, "launch: cannot run %s\n", argv[0]);
        _exit(127);
    }
    return child;
}

/* Waits for the child and prints the figures; `ended` < 0 means "when it exited". */
static int finish(pid_t child, double started, double ended, int must_succeed) {
    int status;
    struct rusage usage;
    if (wait4(child, &status, 0, &usage) < 0) { perror("launch: wait4"); return 1; }
    if (ended < 0) ended = now();
    if (must_succeed && !(WIFEXITED(status) && WEXITSTATUS(status) == 0)) {
        fprintf(stderr, "launch: the program failed (status %d)\n", status);
        return 1;
    }
    printf("%.6f %ld\n", ended - started, usage.ru_maxrss);
    return 0;
}

int main(int argc, char **argv) {
    if (argc > 3 && strcmp(argv[1], "-f") == 0) {
        Display *control = XOpenDisplay(argv[2]), *data = XOpenDisplay(argv[2]);
        int major, minor;
        if (!control || !data || !XRecordQueryVersion(control, &major, &minor)) {
            fprintf(stderr, "launch: cannot record on display %s\n", argv[2]);
            return 1;
        }
        XRecordRange *range = XRecordAllocRange();
        range->core_requests.first = range->core_requests.last = X_CopyArea;
        XRecordClientSpec clients = XRecordFutureClients;
        XRecordContext context = XRecordCreateContext(control, 0, &clients, 1, &range, 1);
        XSync(control, False);
        if (!context || !XRecordEnableContextAsync(data, context, intercept, NULL)) {
            fprintf(stderr, "launch: the RECORD extension refused to record\n");
            return 1;
        }
        while (!recording) { /* the server confirms the context is live before any client is started */
            wait_for(data);
            XRecordProcessReplies(data);
        }
        double started = now();
        pid_t child = start(argv + 3);
        while (!copy_seen) {
            XRecordProcessReplies(data);
            if (copy_seen) break;
            wait_for(data);
            if (waitpid(child, NULL, WNOHANG) == child) {
                fprintf(stderr, "launch: %s ended before drawing\n", argv[3]);
                return 1;
            }
        }
        double ended = now();
        kill(child, SIGTERM);
        XRecordDisableContext(control, context);
        XRecordFreeContext(control, context);
        XSync(control, False);
        return finish(child, started, ended, 0);
    }
    if (argc < 2) {
        fprintf(stderr, "usage: launch [-f DISPLAY] PROGRAM [ARGS...]\n");
        return 2;
    }
    double started = now();
    pid_t child = start(argv + 1);
    return finish(child, started, -1, 1);
}
