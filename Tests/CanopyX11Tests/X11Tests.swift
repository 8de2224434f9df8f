import Testing

/// Every test that uses the shared Xvfb lives in this suite or one nested in it, so they run
/// one at a time: they share the server's pointer, keyboard and screen.
@Suite(.serialized) struct X11Tests {}
