// Draws the timetable and venue-map images from the same content files the pages show as text, so the picture
// and its text alternative cannot disagree. `node scripts/generate-images.ts` writes them to public/images;
// a test fails when the committed images are older than the content.

export interface TimetableCopy {
  imageTitle: string
  note: string
  tracks: readonly {
    id: string
    name: string
    slots: readonly { start: string; end: string; title: string }[]
  }[]
}

export interface VenueMapCopy {
  imageTitle: string
  areas: readonly { id: string; name: string }[]
}

const fontFamily = "system-ui, -apple-system, 'Hiragino Sans', 'Noto Sans JP', 'Noto Sans CJK JP', sans-serif"

const escapeXml = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

const minutes = (time: string) => {
  const [hours = 0, mins = 0] = time.split(':').map(Number)
  return hours * 60 + mins
}

/** Roughly how wide a text is: CJK characters take a full em, others about half. */
function textWidth(text: string, fontSize: number): number {
  let width = 0
  for (const character of text) width += /[\u3000-\u9fff\uff00-\uffef]/.test(character) ? 1 : 0.56
  return width * fontSize
}

/** Breaks a name into lines that fit a width: at spaces, or before an opening parenthesis. */
function wrap(text: string, fontSize: number, maxWidth: number): string[] {
  if (textWidth(text, fontSize) <= maxWidth) return [text]
  const parts = text.includes(' ') ? text.split(' ') : text.split(/(?=[（(])/)
  const lines: string[] = []
  let line = ''
  for (const part of parts) {
    const joined = line ? (text.includes(' ') ? `${line} ${part}` : `${line}${part}`) : part
    if (line && textWidth(joined, fontSize) > maxWidth) {
      lines.push(line)
      line = part
    } else {
      line = joined
    }
  }
  if (line) lines.push(line)
  return lines
}

const trackColours = [
  { fill: '#fde2ef', stroke: '#d63384' },
  { fill: '#d9f4f9', stroke: '#00829a' },
]

export function timetableSvg(copy: TimetableCopy, dateLabel: string): string {
  const width = 720
  const top = 130
  const slotHeight = 44
  const first = Math.min(...copy.tracks.flatMap((track) => track.slots.map((slot) => minutes(slot.start))))
  const last = Math.max(...copy.tracks.flatMap((track) => track.slots.map((slot) => minutes(slot.end))))
  const y = (time: number) => top + ((time - first) / 30) * slotHeight
  const height = y(last) + 70
  const columnX = [100, 410]
  const columnWidth = 295
  const parts: string[] = []
  parts.push(`<rect width="${width}" height="${height}" fill="#ffffff"/>`)
  parts.push(
    `<text x="24" y="48" font-size="28" font-weight="700" fill="#1a1a1a">${escapeXml(copy.imageTitle)}</text>`,
    `<text x="24" y="80" font-size="18" fill="#333333">${escapeXml(dateLabel)}</text>`,
  )
  copy.tracks.forEach((track, index) => {
    const x = columnX[index] ?? 0
    const colour = trackColours[index % trackColours.length] ?? trackColours[0]
    parts.push(
      `<rect x="${x}" y="96" width="${columnWidth}" height="26" rx="4" fill="${colour?.stroke}"/>`,
      `<text x="${x + columnWidth / 2}" y="114" font-size="15" font-weight="700" fill="#ffffff" text-anchor="middle">${escapeXml(track.name)}</text>`,
    )
  })
  for (let time = first; time <= last; time += 30) {
    const lineY = y(time)
    parts.push(
      `<line x1="24" y1="${lineY}" x2="${width - 16}" y2="${lineY}" stroke="${time % 60 === 0 ? '#b0b0b0' : '#e2e2e2'}" stroke-width="1"/>`,
    )
    if (time % 60 === 0) {
      const label = `${String(Math.floor(time / 60)).padStart(2, '0')}:00`
      parts.push(
        `<text x="24" y="${lineY + 18}" font-size="15" font-weight="700" fill="#333333">${label}</text>`,
      )
    }
  }
  copy.tracks.forEach((track, index) => {
    const x = columnX[index] ?? 0
    const colour = trackColours[index % trackColours.length] ?? trackColours[0]
    for (const slot of track.slots) {
      const slotTop = y(minutes(slot.start)) + 2
      const slotBottom = y(minutes(slot.end)) - 2
      parts.push(
        `<rect x="${x}" y="${slotTop}" width="${columnWidth}" height="${slotBottom - slotTop}" rx="6" fill="${colour?.fill}" stroke="${colour?.stroke}" stroke-width="1.5"/>`,
        `<text x="${x + 10}" y="${slotTop + 15}" font-size="12" fill="#444444">${escapeXml(`${slot.start}–${slot.end}`)}</text>`,
        `<text x="${x + 10}" y="${slotTop + 33}" font-size="15" font-weight="700" fill="#1a1a1a">${escapeXml(slot.title)}</text>`,
      )
    }
  })
  parts.push(`<text x="24" y="${height - 24}" font-size="14" fill="#333333">${escapeXml(copy.note)}</text>`)
  return svg(width, height, copy.imageTitle, parts)
}

/** Where each area of the venue is drawn, in the order the content lists them (their numbers). */
const venueLayout: Readonly<Record<string, { x: number; y: number; w: number; h: number; fill: string }>> = {
  entrance: { x: 300, y: 520, w: 160, h: 30, fill: '#ffffff' },
  reception: { x: 300, y: 440, w: 160, h: 66, fill: '#ffe0cc' },
  cloakroom: { x: 475, y: 440, w: 100, h: 66, fill: '#eceff1' },
  'first-aid': { x: 585, y: 440, w: 100, h: 66, fill: '#ffebee' },
  'main-hall': { x: 40, y: 90, w: 380, h: 210, fill: '#fde2ef' },
  'dealer-area': { x: 440, y: 90, w: 245, h: 140, fill: '#fff3b0' },
  'club-area': { x: 440, y: 245, w: 245, h: 120, fill: '#d9f4f9' },
  'rest-area': { x: 40, y: 315, w: 170, h: 110, fill: '#e8f5e9' },
  'changing-room-male': { x: 225, y: 315, w: 95, h: 110, fill: '#ede7f6' },
  'changing-room-female': { x: 330, y: 315, w: 90, h: 110, fill: '#ede7f6' },
  restrooms: { x: 40, y: 440, w: 130, h: 66, fill: '#eceff1' },
}

export function venueMapSvg(copy: VenueMapCopy): string {
  const width = 720
  const height = 570
  const parts: string[] = [
    `<rect width="${width}" height="${height}" fill="#ffffff"/>`,
    `<text x="24" y="44" font-size="28" font-weight="700" fill="#1a1a1a">${escapeXml(copy.imageTitle)}</text>`,
    `<rect x="24" y="72" width="676" height="446" rx="8" fill="#f5f5f5" stroke="#555555" stroke-width="3"/>`,
  ]
  copy.areas.forEach((area, index) => {
    const box = venueLayout[area.id]
    if (!box) throw new Error(`The venue map has no place for ${area.id}`)
    const number = index + 1
    if (area.id === 'entrance') {
      const middle = box.x + box.w / 2
      parts.push(
        `<path d="M ${middle} ${box.y - 4} l -14 18 h 9 v 14 h 10 v -14 h 9 z" fill="#d63384"/>`,
        `<circle cx="${middle - 30}" cy="${box.y + 14}" r="12" fill="#1a1a1a"/>`,
        `<text x="${middle - 30}" y="${box.y + 19}" font-size="13" font-weight="700" fill="#ffffff" text-anchor="middle">${number}</text>`,
        `<text x="${middle + 20}" y="${box.y + 22}" font-size="15" font-weight="700" fill="#1a1a1a">${escapeXml(area.name)}</text>`,
      )
      return
    }
    const fontSize = box.w < 120 ? 13 : 15
    const lines = wrap(area.name, fontSize, box.w - 12)
    const centreX = box.x + box.w / 2
    // Short boxes put the name below the number badge rather than beside it.
    const firstLineY =
      box.h < 80 ? box.y + box.h - 14 : box.y + box.h / 2 + 10 - ((lines.length - 1) * (fontSize + 3)) / 2
    parts.push(
      `<rect x="${box.x}" y="${box.y}" width="${box.w}" height="${box.h}" rx="4" fill="${box.fill}" stroke="#555555" stroke-width="1.5"/>`,
      `<circle cx="${box.x + 16}" cy="${box.y + 16}" r="12" fill="#1a1a1a"/>`,
      `<text x="${box.x + 16}" y="${box.y + 21}" font-size="13" font-weight="700" fill="#ffffff" text-anchor="middle">${number}</text>`,
      ...lines.map(
        (line, lineIndex) =>
          `<text x="${centreX}" y="${firstLineY + lineIndex * (fontSize + 3)}" font-size="${fontSize}" font-weight="700" fill="#1a1a1a" text-anchor="middle">${escapeXml(line)}</text>`,
      ),
    )
    if (area.id === 'first-aid') {
      parts.push(
        `<path d="M ${box.x + box.w - 26} ${box.y + 8} h 8 v 8 h 8 v 8 h -8 v 8 h -8 v -8 h -8 v -8 h 8 z" fill="#c62828"/>`,
      )
    }
  })
  return svg(width, height, copy.imageTitle, parts)
}

function svg(width: number, height: number, title: string, parts: string[]): string {
  return [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" font-family="${fontFamily}" role="img">`,
    `<title>${escapeXml(title)}</title>`,
    ...parts,
    '</svg>',
    '',
  ].join('\n')
}
