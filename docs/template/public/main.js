// The site's additions to DocFX's modern template, which imports this module and calls start() before it renders.
export default {
  start: () => {
    // DocFX restyles every table (Bootstrap's padded .table) and draws the toc after the browser has scrolled to the
    // URL's #anchor, which moves a heading far down the page by then: once DocFX says it is ready, scroll to it again.
    if (!location.hash) return
    const target = () => document.getElementById(decodeURIComponent(location.hash.slice(1)))
    const land = () => window.docfx?.ready ? target()?.scrollIntoView() : requestAnimationFrame(land)
    land()
  }
}
