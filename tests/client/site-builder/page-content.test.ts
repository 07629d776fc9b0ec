import { sanitizePageContent } from '@/lib/sites/page-content';

describe('sanitizePageContent (the summaries)', () => {
  it('keeps formatting, links and images', () => {
    const html =
      '<h2>Title</h2><p><strong>Bold</strong> <a href="https://example.com/x">link</a></p>' +
      '<img src="/images/abc.png" alt="map">';
    expect(sanitizePageContent(html)).toBe(html);
  });

  it('removes script, handlers, frames, forms, style attributes and javascript: links', () => {
    const clean = sanitizePageContent(
      '<p style="color:red">Text</p><img src="x" onerror="alert(1)" alt="a">' +
        '<script>alert(2)</script><iframe src="https://example.com"></iframe>' +
        '<form><input name="pin"></form><a href="javascript:alert(3)">go</a>',
    );
    expect(clean).toBe('<p>Text</p><img src="x" alt="a"><a>go</a>');
  });

  it("drops class attributes: content cannot put on the page's own classes", () => {
    expect(
      sanitizePageContent(
        '<div class="position-fixed top-0 start-0 w-100 h-100 bg-danger">' +
          '<a class="stretched-link" href="https://phish.example/login">Session expired</a></div>',
      ),
    ).toBe('<div><a href="https://phish.example/login">Session expired</a></div>');
  });

  it("keeps the content's names apart from the page's: ids and names prefixed, no label for", () => {
    expect(
      sanitizePageContent(
        '<p id="balanceMessage">a</p><label for="pin">b</label><a name="x">c</a>',
      ),
    ).toBe(
      '<p id="user-content-balanceMessage">a</p><label>b</label><a name="user-content-x">c</a>',
    );
  });

  it('drops an image without an address, as the Locations default holds one', () => {
    expect(sanitizePageContent('<p>Map</p><img src="" alt="Map of our locations">')).toBe(
      '<p>Map</p>',
    );
  });

  it('keeps a link to a new page from reaching back, and drops other targets', () => {
    expect(sanitizePageContent('<a href="https://a.example" target="_blank">a</a>')).toBe(
      '<a href="https://a.example" target="_blank" rel="noopener noreferrer">a</a>',
    );
    expect(sanitizePageContent('<a href="https://a.example" target="top">a</a>')).toBe(
      '<a href="https://a.example">a</a>',
    );
  });
});
