/// Edits rules build fixes from, on the positioned tree's spans. They return nil where the
/// bytes are not plain text the edit understands (a binary property list, an escaped string),
/// so that a fix is offered only where its edit is certain.
extension LintFile {
    /// Replaces the string `node` with `text`: a JSON string keeps its quotes, a property-list
    /// string its tags.
    package func edit(replacingString node: PositionedValue, with text: String) -> TextEdit? {
        guard let old = node.stringValue, isPlainText(text), !isBinaryPropertyList else { return nil }
        let written = bytes[node.span]
        if written.elementsEqual(old.utf8), isPlainText(old) {
            return edit(replacing: node.span, with: text)
        }
        if written.elementsEqual(Self.quoted(old).utf8) {
            return edit(replacing: node.span, with: Self.quoted(text))
        }
        return nil
    }

    /// Renames a JSON member's key, whatever escapes the old key was written with.
    package func edit(renaming member: PositionedMember, to key: String) -> TextEdit? {
        guard isPlainText(key), json != nil else { return nil }
        return edit(replacing: member.keySpan, with: Self.quoted(key))
    }

    /// Deletes an element of a JSON array or property-list array with the separator that joins
    /// it to its neighbours, so that the rest stays well formed and keeps its layout: from the
    /// end of the element before it, or, for the first, up to the start of the next. A plist
    /// string's span is its text between the tags, so the same spans remove a `<string>` element.
    package func edit(removingElement index: Int, of array: PositionedValue) -> TextEdit? {
        guard let elements = array.elements, elements.indices.contains(index), !isBinaryPropertyList else { return nil }
        if index > 0 {
            return edit(replacing: elements[index - 1].span.upperBound..<elements[index].span.upperBound, with: "")
        }
        if elements.count > 1 {
            return edit(replacing: elements[0].span.lowerBound..<elements[1].span.lowerBound, with: "")
        }
        // Emptying a plist's only string would leave an empty <string>, not an empty array.
        return json == nil ? nil : edit(replacing: elements[0].span, with: "")
    }

    /// Replaces the Unicode scalars `range` of the JSON string at `pointer`, whatever escapes
    /// they are written with.
    package func edit(replacingScalars range: Range<Int>, inStringAt pointer: JSONPointer, with text: String) -> TextEdit? {
        guard json != nil, let node = root?.node(at: pointer), let decoded = node.stringValue,
              let map = JSONStringSourceMap(bytes: bytes, span: node.span, decoded: decoded)
        else { return nil }
        return edit(replacing: map.span(of: range), with: text)
    }

    private var isBinaryPropertyList: Bool { bytes.starts(with: Array("bplist".utf8)) }

    /// Text that reads the same in a JSON string and between property-list tags.
    private func isPlainText(_ text: String) -> Bool {
        !text.unicodeScalars.contains { $0.value < 0x20 || "\"\\<>&".unicodeScalars.contains($0) }
    }

    private static func quoted(_ text: String) -> String { "\"" + text + "\"" }
}
