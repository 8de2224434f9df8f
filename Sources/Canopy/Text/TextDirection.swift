/// Which way a paragraph of text runs: the order its runs of left-to-right and right-to-left
/// text are set in, where its caret starts and which edge ``TextAlignment/natural`` means.
///
/// Letters keep their own direction whatever the paragraph's (Hebrew always reads right to
/// left); the paragraph's direction orders the runs and places neutral characters (spaces,
/// punctuation) between runs of different directions, as the Unicode Bidirectional Algorithm
/// (UAX #9) says.
public enum TextDirection: Hashable, Sendable {
    /// Taken from the text: the direction of its first strong (letter) character, left to
    /// right when it has none. What views use unless told otherwise.
    case natural
    /// Left to right, as English.
    case leftToRight
    /// Right to left, as Arabic and Hebrew.
    case rightToLeft
}
