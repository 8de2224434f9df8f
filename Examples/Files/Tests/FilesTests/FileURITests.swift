import Canopy
import FilesKit
import Testing

/// Files' URIs as a drag out of the table writes them (RFC 8089 and 3986).
@Suite struct FileURITests {
    @Test func aSpaceAndNonASCIILettersArePercentEncodedAsUTF8() {
        #expect(FileURI.string(forPath: "/tmp/a b/Crème.txt") == "file:///tmp/a%20b/Cr%C3%A8me.txt")
        #expect(FileURI.string(forPath: "/ü/日") == "file:///%C3%BC/%E6%97%A5")
    }

    @Test func whatAPathMayHoldStaysAndWhatEndsOrEscapesItIsEncoded() {
        #expect(FileURI.string(forPath: "/a-b_c.d~e/(1)+x=y,z;w:v@u!$&'*") == "file:///a-b_c.d~e/(1)+x=y,z;w:v@u!$&'*")
        #expect(
            FileURI.string(forPath: "/100%#1?\"<>[]\\^`{|}") == "file:///100%25%231%3F%22%3C%3E%5B%5D%5C%5E%60%7B%7C%7D"
        )
    }

    @Test func theLibraryReadsThePathBack() {
        for path in ["/tmp/a b/Crème.txt", "/x/100%#1?.txt", "/é/日本/ a "] {
            #expect(DragContent.filePath(ofURI: FileURI.string(forPath: path)) == path)
        }
    }
}
