import KeyTraceSupport

/// The frame of the HTML pages the surfaces write: one self-contained file with its styles
/// inline and nothing loaded from anywhere (no scripts, fonts or images).
package enum SurfacePage {
    /// A whole page: `title` in the tab, a heading and a line of facts, then `body`; `style`
    /// is added to the common rules.
    package static func page(title: String, heading: String, facts: String, style: String, body: String) -> String {
        """
        <!DOCTYPE html>
        <html lang="en"><head><meta charset="utf-8">
        <meta name="viewport" content="width=device-width, initial-scale=1">
        <title>\(HTMLText.escape(title))</title>
        <style>
        body { font: 13px/1.4 -apple-system, system-ui, "Segoe UI", sans-serif; margin: 0; color: #1d1d1f; background: #e9e9ee; }
        header.page { padding: 16px 24px 8px; }
        header.page h1 { font-size: 20px; margin: 0 0 4px; }
        p.facts, p.note { color: #555; margin: 2px 0; }
        \(style)
        </style></head><body>
        <header class="page"><h1>\(HTMLText.escape(heading))</h1><p class="facts">\(HTMLText.escape(facts))</p></header>
        \(body)
        </body></html>

        """
    }

    /// `text` escaped for HTML.
    package static func escape(_ text: String) -> String { HTMLText.escape(text) }
}
