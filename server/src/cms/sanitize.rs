//! HTML sanitising for the content the site shows: pages, promotions' descriptions and terms.

/// Cleans HTML for display: no script, style, event handler or `javascript:` URL survives.
pub fn sanitize_html(html: &str) -> String {
    ammonia::Builder::default().add_generic_attributes(["class"]).link_rel(Some("noopener noreferrer")).clean(html).to_string()
}

#[cfg(test)]
mod tests {
    use super::sanitize_html;

    #[test]
    fn sanitising_removes_scripts_handlers_and_javascript_urls() {
        let dirty = r#"<h2 onclick="x()">Hi</h2><script>alert(1)</script><a href="javascript:alert(1)">x</a><img src=x onerror=alert(1)><p style="color:red">ok</p>"#;
        let clean = sanitize_html(dirty);
        assert!(!clean.contains("script"), "{clean}");
        assert!(!clean.contains("onclick") && !clean.contains("onerror"), "{clean}");
        assert!(!clean.contains("javascript:"), "{clean}");
        assert!(clean.contains("<h2>Hi</h2>") && clean.contains("ok"), "{clean}");
    }
}
