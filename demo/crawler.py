"""Fetches AMP pages through the cache (sample file for the demo)."""

PAGES = [
    "https://example.com/amp_document.html",
    "https://www.example.com/news/story.amp.html",
]

CACHE = "https://example-com.cdn.ampproject.org/c/s/example.com/amp_document.html"
BING = "https://www-example-com.www.bing-amp.com/c/s/www.example.com/news/story.amp.html"
