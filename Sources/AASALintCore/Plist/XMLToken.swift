/// One piece of a well-formed XML document, with the byte span it was read from.
enum XMLToken: Equatable {
    case startTag(name: String, isEmpty: Bool, span: Range<Int>)
    case endTag(name: String, span: Range<Int>)
    /// Character data inside the root element: text, references and CDATA sections, decoded,
    /// with line breaks normalised to LF as XML requires. The span is the raw text.
    case text(String, span: Range<Int>)
}
