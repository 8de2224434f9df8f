import Canopy
import Testing

/// Local files' URIs as a drag out writes them (RFC 8089 and 3986), and read back.
@Suite struct FileURITests {
    @Test func aSpaceAndNonASCIILettersArePercentEncodedAsUTF8() {
        #expect(DragContent.fileURI(forPath: "/tmp/a b/Crème.txt") == "file:///tmp/a%20b/Cr%C3%A8me.txt")
        #expect(DragContent.fileURI(forPath: "/ü/日") == "file:///%C3%BC/%E6%97%A5")
    }

    @Test func whatAPathMayHoldStaysAndWhatEndsOrEscapesItIsEncoded() {
        #expect(
            DragContent.fileURI(forPath: "/a-b_c.d~e/(1)+x=y,z;w:v@u!$&'*") == "file:///a-b_c.d~e/(1)+x=y,z;w:v@u!$&'*")
        #expect(
            DragContent.fileURI(forPath: "/100%#1?\"<>[]\\^`{|}")
                == "file:///100%25%231%3F%22%3C%3E%5B%5D%5C%5E%60%7B%7C%7D"
        )
    }

    @Test func thePathIsReadBack() {
        for path in ["/tmp/a b/Crème.txt", "/x/100%#1?.txt", "/é/日本/ a "] {
            #expect(DragContent.filePath(ofURI: DragContent.fileURI(forPath: path)) == path)
        }
    }
}
